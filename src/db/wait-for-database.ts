import { DatabaseUnavailableError, prepareDatabase } from './prepare-database';

/** The pause before try number `attempt + 1` to reach the database: 1 s, 2 s, 4 s … 30 s at most. */
export function retryDelayMs(attempt: number): number {
  return Math.min(30_000, 1000 * 2 ** (attempt - 1));
}

/**
 * `serve` waits for an unreachable database (one line per try, longer and longer apart) instead of
 * exiting, so that a supervisor does not restart it in a loop while MySQL is down; a database that
 * answers no (bad credentials, an old schema) still stops it at once.
 */
export async function waitForDatabase(databaseUrl: string, warn: (line: string) => void): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await prepareDatabase(databaseUrl, { migrate: false });
      return;
    } catch (error) {
      if (!(error instanceof DatabaseUnavailableError) || !error.isUnreachable) throw error;
      const delayMs = retryDelayMs(attempt);
      warn(`${error.message}; trying again in ${delayMs / 1000} s`);
      await new Promise((resolve) => setTimeout(resolve, delayMs));
    }
  }
}
