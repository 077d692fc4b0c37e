/**
 * The command line of `npm run bench -- load [SCENARIO] [--feeds N] [--hosts N] [--readers N]
 * [--workers N] [--db mysql|sqlite] [--rounds N]`. Every scenario reads the same options; each uses those
 * that mean something to it.
 */
export interface LoadOptions {
  scenario: string;
  feeds: number;
  hosts: number;
  readers: number;
  workers: number;
  db: 'mysql' | 'sqlite';
  rounds: number;
  /** Extra environment for the worker processes (`--env KEY=VALUE`, repeatable). */
  env: Record<string, string>;
}

const DEFAULTS: LoadOptions = {
  scenario: 'poll',
  feeds: 5000,
  hosts: 2000,
  readers: 1000,
  workers: 3,
  db: 'mysql',
  rounds: 3,
  env: {},
};

const NUMBERS = ['feeds', 'hosts', 'readers', 'workers', 'rounds'] as const;

export const USAGE =
  'usage: npm run bench -- load [SCENARIO] [--feeds N] [--hosts N] [--readers N] [--workers N] ' +
  '[--db mysql|sqlite] [--rounds N] [--env KEY=VALUE]…';

/** Parses `args` (after `load`); throws a message naming the bad option. */
export function parseLoadOptions(args: readonly string[]): LoadOptions {
  const options: LoadOptions = { ...DEFAULTS, env: {} };
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index];
    if (!arg.startsWith('--')) {
      if (index !== 0) throw new Error(`unexpected argument ${arg}`);
      options.scenario = arg;
      continue;
    }
    const [name, inline] = arg.slice(2).split(/=(.*)/s, 2);
    const value = inline ?? args[++index];
    if (value === undefined) throw new Error(`--${name} needs a value`);
    if ((NUMBERS as readonly string[]).includes(name)) {
      const number = Number(value);
      if (!Number.isInteger(number) || number < 1) throw new Error(`--${name} must be a positive integer`);
      options[name as (typeof NUMBERS)[number]] = number;
    } else if (name === 'db') {
      if (value !== 'mysql' && value !== 'sqlite') throw new Error('--db must be mysql or sqlite');
      options.db = value;
    } else if (name === 'env') {
      const [key, envValue] = value.split(/=(.*)/s, 2);
      if (!key || envValue === undefined) throw new Error('--env takes KEY=VALUE');
      options.env[key] = envValue;
    } else throw new Error(`unknown option --${name}`);
  }
  return options;
}
