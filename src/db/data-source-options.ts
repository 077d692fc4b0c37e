import { dirname } from 'node:path';
import { DataSourceOptions } from 'typeorm';
import { parseDatabaseUrl } from './database-url';
import { entities } from './entities';
import { migrations } from './migrations';
import { createPrivateFile, makePrivateFolder } from '../config/private-files';

export const SQLITE_BUSY_TIMEOUT_MS = 5000;

/**
 * DataSource options for `DATABASE_URL`. Schema changes only ever come from the migrations.
 * `checkpointsInBackground`: SQLite leaves WAL checkpoints to a `WalCheckpointer` (the app's own
 * connection; short-lived ones, such as migrations, keep SQLite's automatic checkpoints).
 */
export function buildDataSourceOptions(
  databaseUrl: string,
  options: { checkpointsInBackground?: boolean } = {},
): DataSourceOptions {
  const target = parseDatabaseUrl(databaseUrl);
  const common = { entities, migrations, synchronize: false, migrationsRun: false, logging: false } as const;
  if (target.dialect === 'sqlite') {
    if (target.path !== ':memory:') {
      makePrivateFolder(dirname(target.path));
      createPrivateFile(target.path);
    }
    return {
      ...common,
      type: 'better-sqlite3',
      database: target.path,
      enableWAL: target.path !== ':memory:',
      timeout: SQLITE_BUSY_TIMEOUT_MS,
      prepareDatabase: (db: { pragma: (statement: string) => unknown }) => {
        // Takes effect only in a database without tables yet: new ones are vacuumed incrementally from
        // the start; older ones are switched by a migration (`Retention1763769818001`).
        db.pragma('auto_vacuum = INCREMENTAL');
        db.pragma('foreign_keys = ON');
        db.pragma('synchronous = NORMAL');
        if (options.checkpointsInBackground) db.pragma('wal_autocheckpoint = 0');
      },
    };
  }
  return {
    ...common,
    type: 'mysql',
    host: target.host,
    port: target.port,
    username: target.user,
    password: target.password,
    database: target.database,
    charset: 'utf8mb4_unicode_ci',
    timezone: 'Z',
    supportBigNumbers: true,
    connectTimeout: 10_000,
    extra: { connectionLimit: 10 },
  };
}
