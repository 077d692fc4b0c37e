import type { INestApplicationContext } from '@nestjs/common';
import { ValidationError } from '../common/errors';
import { CliLogger } from './cli-logger';

/** `--verbose`, set by the program before a command runs: the application logs at LOG_LEVEL on stderr. */
export const cliOutput = { verbose: false };

/**
 * Runs one command inside the application context and always closes it. Nest and the application are
 * loaded here, by the commands that use them, not when the program starts: `--help`, `migrate`,
 * `backup`, `extract` and `rewrite` start without them (the commands' actions import their services
 * the same way).
 */
export async function withApp<T>(work: (app: INestApplicationContext) => Promise<T>): Promise<T> {
  // The settings first: a bad one is reported before the application is loaded.
  const startup = (await import('../startup-config')).loadStartupConfig();
  const { createCliContext } = await import('../bootstrap');
  const logger = cliOutput.verbose ? undefined : new CliLogger();
  const app = await createCliContext(startup, logger);
  try {
    return await work(app);
  } finally {
    await app.close();
  }
}

export function printJson(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}

/** `--at ISO`: the instant the command treats as now. */
export function parseInstant(value: string | undefined): Date | undefined {
  if (value === undefined) return undefined;
  const instant = new Date(value);
  if (!/^\d{4}-\d{2}-\d{2}/.test(value) || Number.isNaN(instant.getTime())) {
    throw new ValidationError(
      `--at: expected an ISO 8601 instant such as 2026-11-22T07:00:00Z (got "${value}")`,
    );
  }
  return instant;
}

export function parseWholeNumber(name: string) {
  return (value: string): number => {
    if (!/^-?\d+$/.test(value.trim()))
      throw new ValidationError(`${name}: expected a whole number (got "${value}")`);
    return Number(value);
  };
}
