import Database from 'better-sqlite3';
import { ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runTidings } from '../support/cli';
import { createTestDatabase, TestDatabase, testDialects } from '../support/test-database';

const BLOCK = 500;

/**
 * Another process writing all the time: blocks of BLOCK consecutive numbers, one transaction each, so
 * that a consistent copy holds whole blocks only. It says how many blocks it has written on stdout.
 */
function startWriter(path: string): { child: ChildProcess; blocks: () => number } {
  const script = `
    const Database = require(${JSON.stringify(require.resolve('better-sqlite3'))});
    const db = new Database(${JSON.stringify(path)}, { timeout: 5000 });
    db.pragma('journal_mode = WAL');
    db.exec('CREATE TABLE IF NOT EXISTS backup_probe (n INTEGER PRIMARY KEY, filler TEXT)');
    const insert = db.prepare('INSERT INTO backup_probe (n, filler) VALUES (?, ?)');
    const block = db.transaction((first) => { for (let n = first; n < first + ${BLOCK}; n++) insert.run(n, 'x'.repeat(200)); });
    let blocks = 0;
    const step = () => { block(blocks * ${BLOCK} + 1); blocks++; process.stdout.write(blocks + '\\n'); setImmediate(step); };
    step();
  `;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  let written = 0;
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    const last = chunk.trim().split('\n').at(-1);
    if (last) written = Number(last);
  });
  return { child, blocks: () => written };
}

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 20));
}

describe('tidings backup (SQLite)', () => {
  let database: TestDatabase;
  let env: Record<string, string>;
  let path: string;
  const out = mkdtempSync(join(tmpdir(), 'tidings-backup-'));

  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    path = database.url.slice('sqlite:'.length);
    env = { DATABASE_URL: database.url, MAIL_FROM: 'news@tidings.test' };
    for (const email of ['ann@example.com', 'bob@example.com'])
      expect((await runTidings(['users', 'add', email], env)).code).toBe(0);
  });

  afterAll(() => database.drop());

  it('copies a consistent snapshot while another process writes', async () => {
    const writer = startWriter(path);
    try {
      await until(() => writer.blocks() >= 20);
      const target = join(out, 'copy.db');
      const result = await runTidings(['backup', target], env);
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      expect(result.stdout).toMatch(/^backed up .* integrity ok\)/);
      expect(result.stdout).toMatch(/secret-key with it/);
      const writtenWhileCopying = writer.blocks();
      await until(() => writer.blocks() > writtenWhileCopying);

      const copy = new Database(target, { readonly: true, fileMustExist: true });
      try {
        expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
        expect(copy.pragma('journal_mode', { simple: true })).toBe('delete');
        const probe = copy.prepare('SELECT COUNT(*) AS rows, MAX(n) AS top FROM backup_probe').get() as {
          rows: number;
          top: number;
        };
        expect(probe.rows % BLOCK).toBe(0);
        expect(probe.top).toBe(probe.rows);
        expect(probe.rows).toBeGreaterThanOrEqual(20 * BLOCK);
        const users = copy.prepare('SELECT email FROM users ORDER BY email').all();
        expect(users).toEqual([{ email: 'ann@example.com' }, { email: 'bob@example.com' }]);
      } finally {
        copy.close();
      }
      expect(existsSync(join(out, 'copy.db-wal'))).toBe(false);
    } finally {
      writer.child.kill();
    }
  });

  it.each([
    [['backup'], /missing required argument 'file'/],
    [
      ['backup', join(tmpdir(), 'no-such-directory-7f3a', 'copy.db')],
      /error: the directory .* does not exist/,
    ],
    [['backup', '/dev/null'], /error: \/dev\/null exists already: name a new file/],
    [['db', 'stats', '--rows'], /unknown option '--rows'/],
    [['db', 'frobnicate'], /unknown command 'frobnicate'/],
  ])('refuses %j with a clear error', async (args, message) => {
    const result = await runTidings(args, env);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toMatch(message);
    expect(result.stdout).toBe('');
  });

  it('refuses to overwrite the database or an earlier backup', async () => {
    const earlier = join(out, 'earlier.db');
    writeFileSync(earlier, 'keep me');
    for (const target of [path, earlier]) {
      const result = await runTidings(['backup', target], env);
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(/exists already/);
    }
  });

  it('refuses a dangling symbolic link by saying so, and writes nothing', async () => {
    const link = join(out, 'dangling.db');
    symlinkSync(join(out, 'nowhere', 'gone.db'), link);
    const result = await runTidings(['backup', link], env);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      `error: ${link} is a symbolic link to ${join(out, 'nowhere', 'gone.db')}, which does not exist: name a new file\n`,
    );
    expect(readdirSync(out).filter((name) => name.includes('dangling'))).toEqual(['dangling.db']);
  });
});

describe.each(testDialects())('tidings db stats / db prune on %s', (dialect) => {
  let database: TestDatabase;
  let env: Record<string, string>;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    env = { DATABASE_URL: database.url, MAIL_FROM: 'news@tidings.test' };
    expect((await runTidings(['migrate'], env)).code).toBe(0);
    expect((await runTidings(['users', 'add', 'ann@example.com'], env)).code).toBe(0);
  });

  afterAll(() => database.drop());

  it('prints row counts and sizes per table', async () => {
    const text = await runTidings(['db', 'stats'], env);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/^table\s+rows\s+size$/m);
    expect(text.stdout).toMatch(/^users\s+1\s+\d/m);
    expect(text.stdout).toMatch(new RegExp(`^${dialect}: .* in all, .* free`, 'm'));

    const json = JSON.parse((await runTidings(['db', 'stats', '--json'], env)).stdout);
    expect(json.dialect).toBe(dialect);
    const users = json.tables.find((table: { table: string }) => table.table === 'users');
    expect(users.rows).toBe(1);
    expect(json.tables.find((table: { table: string }) => table.table === 'entries').rows).toBe(0);
    expect(json.totalBytes).toBeGreaterThan(0);
  });

  it('prunes on demand (nothing is old here)', async () => {
    const result = await runTidings(['db', 'prune', '--json'], env);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout).pruned).toEqual({
      entryBodies: 0,
      extractedArticles: 0,
      emailBodies: 0,
      digestRuns: 0,
      postFates: 0,
      supportAttachments: 0,
    });
  });

  if (dialect === 'mysql')
    it('sends a MySQL backup to mysqldump', async () => {
      const result = await runTidings(['backup', join(tmpdir(), 'never-written.db')], env);
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(/SQLite databases only.*mysqldump --single-transaction.*README/);
      expect(existsSync(join(tmpdir(), 'never-written.db'))).toBe(false);
    });

  it('refuses RETENTION_DAYS that is not a whole number of days', async () => {
    const result = await runTidings(['db', 'prune'], { ...env, RETENTION_DAYS: '0; DROP TABLE users' });
    expect(result.code).not.toBe(0);
    expect(result.stderr).toMatch(/RETENTION_DAYS/);
    expect((await runTidings(['db', 'stats'], env)).stdout).toMatch(/^users\s+1\s/m);
  });
});
