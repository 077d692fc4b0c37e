/**
 * `npm run bench -- load [SCENARIO] [--feeds N] [--hosts N] [--readers N] [--workers N] [--db mysql|sqlite]
 * [--rounds N] [--env KEY=VALUE]…`: Tidings at production sizes, through its real processes (`tidings
 * serve --role worker` children on one database and a Redis of the run's own), each figure beside a raw
 * baseline measured in the same run. Each scenario lives in `bench/support/load/SCENARIO.ts` and exports
 * `run(options)`: `poll` (the default; steady polling over many loopback hosts, feeds fetched twice,
 * failed cycles, politeness), `fanout` (one post to `--readers` real-time readers: emails/s, lost and
 * doubled, against a raw nodemailer pool) and `digest` (the digest hour of `--readers` readers with 10
 * feeds each: digests/s, the first digest's delay, lost and doubled, against the same pool).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { LoadOptions, parseLoadOptions, USAGE } from './support/load/options';

async function main(): Promise<void> {
  let options: LoadOptions;
  try {
    options = parseLoadOptions(process.argv.slice(2));
  } catch (error) {
    console.error(`load: ${(error as Error).message}\n${USAGE}`);
    process.exit(2);
  }
  const file = join(__dirname, 'support', 'load', `${options.scenario}.js`);
  if (!/^[a-z-]+$/.test(options.scenario) || !existsSync(file)) {
    console.error(`load: no scenario ${options.scenario}\n${USAGE}`);
    process.exit(2);
  }
  const scenario = (await import(file)) as { run?: (options: LoadOptions) => Promise<void> };
  if (typeof scenario.run !== 'function') {
    console.error(`load: ${options.scenario} is not a scenario\n${USAGE}`);
    process.exit(2);
  }
  await scenario.run(options);
}

main().then(
  () => process.exit(0),
  (error: Error) => {
    console.error(error);
    process.exit(1);
  },
);
