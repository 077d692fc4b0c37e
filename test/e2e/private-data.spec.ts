import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runTidings } from '../support/cli';
import { startServerProcess } from '../support/server-process';
import { WebClient } from '../support/web-app';

const modeOf = (path: string) => (statSync(path).mode & 0o7777).toString(8).padStart(4, '0');
const TIGHTENED_LINE = /the data was readable by other local users: made it the owner's alone \(([^)]*)\)/g;

/**
 * The data of an install with the defaults (`./data`: the SQLite database, the key file, the file outbox)
 * is its owner's alone under a 022 umask, as real processes leave it: `serve`, an emailed sign-in link,
 * `tidings backup`; and an install made before is tightened at its next start, with one log line.
 */
describe('private data under a 022 umask', () => {
  let umask: number;
  const roots: string[] = [];
  const newInstall = () => {
    const root = mkdtempSync(join(tmpdir(), 'tidings-private-'));
    chmodSync(root, 0o755);
    roots.push(root);
    return root;
  };
  const env = { MAIL_FROM: 'news@tidings.test', LOG_LEVEL: 'info' };

  beforeAll(() => {
    umask = process.umask(0o022);
  });
  afterAll(() => {
    process.umask(umask);
    for (const root of roots) rmSync(root, { recursive: true, force: true });
  });

  it('serve, an outbox write and a backup leave the folder 0700 and every file 0600', async () => {
    const root = newInstall();
    const server = await startServerProcess(env, 60_000, root);
    try {
      const browser = new WebClient(server.baseUrl, join(root, 'data', 'outbox'));
      await browser.get('/signin');
      expect((await browser.post('/signin', { email: 'ann@example.com', timezone: 'UTC' })).status).toBe(200);
      await browser.waitForSignInLink('ann@example.com');

      const data = join(root, 'data');
      expect(readdirSync(data).sort()).toEqual(
        ['outbox', 'secret-key', 'tidings.db', 'tidings.db-shm', 'tidings.db-wal'].sort(),
      );
      expect(modeOf(data)).toBe('0700');
      expect(modeOf(join(data, 'outbox'))).toBe('0700');
      for (const file of ['secret-key', 'tidings.db', 'tidings.db-shm', 'tidings.db-wal'])
        expect([file, modeOf(join(data, file))]).toEqual([file, '0600']);
      const emails = readdirSync(join(data, 'outbox'));
      expect(emails).toHaveLength(1);
      expect(modeOf(join(data, 'outbox', emails[0]))).toBe('0600');

      const backups = join(root, 'backups');
      mkdirSync(backups, { mode: 0o755 });
      const backup = await runTidings(['backup', join(backups, 'copy.db')], env, root);
      expect(backup.stderr).toBe('');
      expect(backup.code).toBe(0);
      expect(readdirSync(backups)).toEqual(['copy.db']);
      expect(modeOf(join(backups, 'copy.db'))).toBe('0600');
    } finally {
      await server.stop();
    }
    expect(server.output().match(TIGHTENED_LINE)).toBeNull();
  });

  it('tightens an install made before at its next start, saying so in one line', async () => {
    const root = newInstall();
    const first = await runTidings(['users', 'add', 'bob@example.com'], env, root);
    expect(first.code).toBe(0);
    const data = join(root, 'data');
    const outbox = join(data, 'outbox');
    mkdirSync(outbox);
    writeFileSync(join(outbox, 'old.eml'), 'To: bob@example.com\r\n\r\nan old email\r\n');
    // As an older Tidings left them: created under the 022 umask.
    chmodSync(data, 0o755);
    chmodSync(outbox, 0o755);
    chmodSync(join(outbox, 'old.eml'), 0o644);
    chmodSync(join(data, 'tidings.db'), 0o644);
    expect(existsSync(join(data, 'tidings.db-wal'))).toBe(false);

    const server = await startServerProcess(env, 60_000, root);
    await server.stop();
    const lines = [...server.output().matchAll(TIGHTENED_LINE)];
    expect(lines).toHaveLength(1);
    expect(lines[0][1].split(', ').sort()).toEqual(
      [
        `${data} 0755 → 0700`,
        `${outbox} 0755 → 0700`,
        `${join(outbox, 'old.eml')} 0644 → 0600`,
        `${join(data, 'tidings.db')} 0644 → 0600`,
      ].sort(),
    );
    expect([modeOf(data), modeOf(outbox), modeOf(join(outbox, 'old.eml'))]).toEqual(['0700', '0700', '0600']);
    expect(modeOf(join(data, 'tidings.db'))).toBe('0600');
  });
});
