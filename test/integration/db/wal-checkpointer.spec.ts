import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { DataSource } from 'typeorm';
import { CheckpointResult, WalCheckpointer } from '../../../src/db/wal-checkpointer';
import { createTestApp } from '../../support/test-app';
import { waitUntil } from '../../support/wait-until';

describe('WAL checkpoints on a worker thread', () => {
  let directory: string;
  let path: string;

  beforeEach(() => {
    directory = mkdtempSync(join(tmpdir(), 'tidings-wal-'));
    path = join(directory, 'tidings.db');
  });
  afterEach(() => rmSync(directory, { recursive: true, force: true }));

  /** An app-like connection with automatic checkpoints off and 2,000 rows only in the log. */
  function writeThroughLog(): Database.Database {
    const db = new Database(path);
    db.pragma('journal_mode = WAL');
    db.pragma('wal_autocheckpoint = 0');
    db.exec('CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT NOT NULL)');
    const insert = db.prepare('INSERT INTO notes (body) VALUES (?)');
    db.transaction(() => {
      for (let index = 0; index < 2000; index += 1) insert.run(`note ${index} ${'x'.repeat(200)}`);
    })();
    return db;
  }

  it('copies every logged page into the database file while the app keeps its connection open', async () => {
    const db = writeThroughLog();
    const sizeBefore = statSync(path).size;
    const results: CheckpointResult[] = [];
    const failures: string[] = [];
    const checkpointed = new Promise<void>((resolve) => {
      const checkpointer = new WalCheckpointer({
        path,
        busyTimeoutMs: 1000,
        intervalMs: 20,
        onCheckpoint: (result) => {
          results.push(result);
          void checkpointer.stop().then(resolve);
        },
        onFailure: (message) => failures.push(message),
      });
    });
    await checkpointed;

    expect(failures).toEqual([]);
    expect(results[0].log).toBeGreaterThan(100);
    expect(results[0].checkpointed).toBe(results[0].log);
    expect(statSync(path).size).toBeGreaterThan(sizeBefore + 2000 * 200);
    expect(db.prepare('SELECT COUNT(*) AS count FROM notes').get()).toEqual({ count: 2000 });
    db.close();
  });

  it('reports a database it cannot open as a failure and still stops', async () => {
    const failures: string[] = [];
    const failed = new Promise<void>((resolve) => {
      const checkpointer = new WalCheckpointer({
        path: join(directory, 'missing', 'tidings.db'),
        busyTimeoutMs: 1000,
        onFailure: (message) => {
          failures.push(message);
          void checkpointer.stop().then(resolve);
        },
      });
    });
    await failed;
    expect(failures[0]).toMatch(/directory does not exist|unable to open/i);
  });

  it('turns SQLite automatic checkpoints off for a serve process on a database file', async () => {
    const test = await createTestApp('sqlite', {}, { role: 'web' });
    try {
      const [setting] = await test.app.get(DataSource).query('PRAGMA wal_autocheckpoint');
      expect(setting).toEqual({ wal_autocheckpoint: 0 });
    } finally {
      await test.close();
    }
  });

  it('leaves a short CLI command its SQLite checkpoints, and moves them to the thread after a second', async () => {
    const test = await createTestApp('sqlite');
    const setting = async () => (await test.app.get(DataSource).query('PRAGMA wal_autocheckpoint'))[0];
    try {
      expect(await setting()).toEqual({ wal_autocheckpoint: 1000 });
      await waitUntil(
        async () => (await setting()).wal_autocheckpoint === 0,
        'automatic checkpoints off once the thread runs',
        10_000,
      );
    } finally {
      await test.close();
    }
  });
});
