import { INestApplicationContext } from '@nestjs/common';
import { createCliContext } from '../bootstrap';
import { ValidationError } from '../common/errors';
import { loadStartupConfig } from '../startup-config';

/** Runs one command inside the application context and always closes it. */
export async function withApp<T>(work: (app: INestApplicationContext) => Promise<T>): Promise<T> {
  const app = await createCliContext(loadStartupConfig());
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
