import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { runTidings } from '../support/cli';
import { FeedServer, rssFeed } from '../support/feed-server';
import { freePort, startServerProcess } from '../support/server-process';
import { SmtpCapture } from '../support/smtp-capture';
import { createTestDatabase, testDialects } from '../support/test-database';

const item = (slug: string, title: string) => ({
  title,
  link: `https://blog.example/${slug}`,
  date: 'Sat, 21 Nov 2026 15:30:00 GMT',
  description: `About ${title}`,
});
const NOTICE = /SECRET_KEY is not set: made a key for this install in (\S+)/;

describe('without SECRET_KEY, every process of an install signs with one key kept beside the database', () => {
  let feeds: FeedServer;
  let smtp: SmtpCapture;

  beforeAll(async () => {
    feeds = await new FeedServer().start();
    smtp = await new SmtpCapture().start();
  });

  afterAll(async () => {
    await feeds.stop();
    await smtp.stop();
  });

  it('an unsubscribe link emailed by `tidings poll` works in the running server, also after a restart', async () => {
    const install = mkdtempSync(join(tmpdir(), 'tidings-install-'));
    const port = String(await freePort());
    const env = {
      DATABASE_URL: `sqlite:${join(install, 'data', 'tidings.db')}`,
      SMTP_URL: smtp.url,
      PORT: port,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'info',
    };
    const keyFile = join(install, 'data', 'secret-key');
    let server = await startServerProcess(env, 60_000, install);
    try {
      expect(NOTICE.exec(server.output())?.[1]).toBe(keyFile);
      expect(statSync(keyFile).mode & 0o777).toBe(0o600);
      expect(readFileSync(keyFile, 'utf8')).toMatch(/^[0-9a-f]{64}\n$/);

      const tidings = async (...args: string[]) => {
        const result = await runTidings(args, env, install);
        expect(result.code).toBe(0);
        expect(result.stderr).not.toMatch(NOTICE);
        return result;
      };
      feeds.set('/key.xml', { body: rssFeed('Key Blog', [item('one', 'First')]) });
      await tidings('users', 'add', 'reader@example.com');
      await tidings('subscribe', 'reader@example.com', feeds.url('/key.xml'));
      await tidings('poll', '--once', '--all');
      feeds.set('/key.xml', { body: rssFeed('Key Blog', [item('two', 'Second'), item('one', 'First')]) });
      await tidings('poll', '--once', '--all');
      const [email] = await smtp.waitFor(1);
      const link = /<(http[^>]+\/unsubscribe\/[^>]+)>/.exec(email.header('list-unsubscribe') ?? '')?.[1];
      expect(link).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${port}/unsubscribe/`));

      const opened = await fetch(link!);
      expect(opened.status).toBe(200);
      expect(await opened.text()).toContain('Stop receiving these emails');

      await server.stop();
      server = await startServerProcess(env, 60_000, install);
      expect(server.output()).not.toMatch(NOTICE);
      const confirmed = await fetch(link!, { method: 'POST' });
      expect(confirmed.status).toBe(200);
      expect(await confirmed.text()).toContain('You are unsubscribed');
      const shown = JSON.parse((await tidings('users', 'show', 'reader@example.com', '--json')).stdout);
      expect(shown.subscriptions).toEqual([]);
    } finally {
      await server.stop();
    }
  });

  it('makes one key when several processes start at once on a fresh install', async () => {
    const install = mkdtempSync(join(tmpdir(), 'tidings-install-'));
    const startup = join(__dirname, '..', '..', 'dist', 'src', 'startup-config.js');
    const printKey = `process.stdout.write(require(${JSON.stringify(startup)}).loadStartupConfig().config.SECRET_KEY)`;
    const run = promisify(execFile);
    const keys = await Promise.all(
      Array.from({ length: 8 }, () =>
        run(process.execPath, ['-e', printKey], { cwd: install, env: { PATH: process.env.PATH } }),
      ),
    );
    const onDisk = readFileSync(join(install, 'data', 'secret-key'), 'utf8').trim();
    expect(new Set(keys.map(({ stdout }) => stdout))).toEqual(new Set([onDisk]));
  });

  for (const dialect of testDialects().filter((name) => name === 'mysql'))
    it(`keeps the key of a ${dialect} install in ./data of its working directory`, async () => {
      const database = await createTestDatabase(dialect);
      const install = mkdtempSync(join(tmpdir(), 'tidings-install-'));
      try {
        expect((await runTidings(['migrate'], { DATABASE_URL: database.url }, install)).code).toBe(0);
        expect(statSync(join(install, 'data', 'secret-key')).mode & 0o777).toBe(0o600);
      } finally {
        await database.drop();
      }
    });

  it('still requires SECRET_KEY in production, and makes no key file there', async () => {
    const install = mkdtempSync(join(tmpdir(), 'tidings-install-'));
    const env = { NODE_ENV: 'production', DATABASE_URL: `sqlite:${join(install, 'tidings.db')}` };
    await expect(startServerProcess(env, 30_000, install)).rejects.toThrow(
      /tidings: Invalid configuration:\n {2}- SECRET_KEY: required in production/,
    );
    const command = await runTidings(['feeds', 'list'], env, install);
    expect(command.code).toBe(1);
    expect(command.stderr).toMatch(/SECRET_KEY: required in production/);
    expect(existsSync(join(install, 'secret-key'))).toBe(false);
  });
});
