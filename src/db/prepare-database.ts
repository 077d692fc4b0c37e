import { DataSource } from 'typeorm';
import { buildDataSourceOptions } from './data-source-options';
import { isDatabaseUnreachable } from '../common/database-errors';
import { parseDatabaseUrl, redactPassword } from './database-url';

export class DatabaseUnavailableError extends Error {
  /** `isUnreachable`: the server did not answer (it may come back); otherwise it answered no. */
  constructor(
    message: string,
    readonly isUnreachable = false,
  ) {
    super(message);
    this.name = 'DatabaseUnavailableError';
  }
}

/**
 * Checks the database before the app starts, so that a wrong URL is one clear line rather than a stack.
 * SQLite migrates itself (it is the zero-setup default); MySQL/MariaDB is migrated by `tidings migrate`
 * as a deliberate deploy step, and the app refuses to start against an old schema.
 */
export async function prepareDatabase(databaseUrl: string, options: { migrate: boolean }): Promise<string[]> {
  const target = parseDatabaseUrl(databaseUrl);
  const dataSource = new DataSource(buildDataSourceOptions(databaseUrl));
  try {
    await dataSource.initialize();
  } catch (error) {
    throw new DatabaseUnavailableError(
      `cannot open the database ${redactPassword(databaseUrl)}: ${(error as Error).message.split('\n')[0]}`,
      isDatabaseUnreachable(error),
    );
  }
  try {
    if (options.migrate || target.dialect === 'sqlite') {
      return (await dataSource.runMigrations({ transaction: 'each' })).map((migration) => migration.name);
    }
    if (await dataSource.showMigrations()) {
      throw new DatabaseUnavailableError(
        'the database schema is out of date: run `npx tidings migrate` first',
      );
    }
    return [];
  } finally {
    await dataSource.destroy();
  }
}
