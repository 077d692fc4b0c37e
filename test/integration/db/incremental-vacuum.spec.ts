import Database from 'better-sqlite3';
import { prepareDatabase } from '../../../src/db/prepare-database';
import { createTestDatabase, TestDatabase } from '../../support/test-database';

/** SQLite's auto_vacuum mode: 0 none, 2 incremental. */
function autoVacuumOf(path: string): number {
  const db = new Database(path, { fileMustExist: true });
  try {
    return db.pragma('auto_vacuum', { simple: true }) as number;
  } finally {
    db.close();
  }
}

describe('incremental vacuum on SQLite', () => {
  let database: TestDatabase;
  const pathOf = (test: TestDatabase) => test.url.slice('sqlite:'.length);

  afterEach(() => database.drop());

  it('is the mode of a new database from the start', async () => {
    database = await createTestDatabase('sqlite');
    await prepareDatabase(database.url, { migrate: true });
    expect(autoVacuumOf(pathOf(database))).toBe(2);
  });

  it('is switched on once in a database made before it, keeping its rows', async () => {
    database = await createTestDatabase('sqlite');
    const path = pathOf(database);
    const legacy = new Database(path);
    legacy.pragma('journal_mode = WAL');
    legacy.exec('CREATE TABLE older_install (note TEXT)');
    legacy.prepare('INSERT INTO older_install (note) VALUES (?)').run('kept');
    legacy.close();
    expect(autoVacuumOf(path)).toBe(0);

    await prepareDatabase(database.url, { migrate: true });
    expect(autoVacuumOf(path)).toBe(2);
    const reopened = new Database(path, { readonly: true });
    expect(reopened.prepare('SELECT note FROM older_install').all()).toEqual([{ note: 'kept' }]);
    reopened.close();
    // The next start finds nothing to do.
    expect(await prepareDatabase(database.url, { migrate: true })).toEqual([]);
  });
});
