import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { ServerResponse } from 'node:http';
import { join } from 'node:path';
import { rssFeed } from '../support/feed-server';
import { ScaleFixture } from '../support/scale-fixture';
import { freePort } from '../support/server-process';
import { TcpProxy } from '../support/tcp-proxy';
import { queryDatabase, testDialects } from '../support/test-database';
import { waitUntil } from '../support/wait-until';
import { WebClient } from '../support/web-app';

describe('serve while the database is unreachable', () => {
  it('says why on one line per try, tries again longer and longer apart, and does not exit', async () => {
    const child = spawn(process.execPath, [join(__dirname, '..', '..', 'bin', 'tidings.js'), 'serve'], {
      env: {
        PATH: process.env.PATH,
        DATABASE_URL: 'mysql://root@127.0.0.1:1/nothing',
        SECRET_KEY: 'a-secret-key-for-this-spec',
        PORT: String(await freePort()),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    try {
      await waitUntil(() => stderr.split('\n').length > 3, 'three tries', 60_000);
      expect(child.exitCode).toBeNull();
      const lines = stderr.trim().split('\n').slice(0, 3);
      expect(lines).toEqual(
        [1, 2, 4].map((seconds) =>
          expect.stringMatching(
            new RegExp(
              `^warning: cannot open the database mysql://root@127.0.0.1:1/nothing: .*ECONNREFUSED.*; trying again in ${seconds} s$`,
            ),
          ),
        ),
      );
    } finally {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    }
  });
});

const FEEDS = 6;
const ENV = { POLL_INTERVAL_SECONDS: '1', FETCH_CONCURRENCY: '10', FETCH_PER_HOST: '10' };

/**
 * The processes' view of MariaDB goes through a proxy the test cuts: the shared server is never stopped.
 * MariaDB only (outside CI without MariaDB, global-setup says loudly that this half does not run).
 */
for (const dialect of testDialects().filter((name) => name === 'mysql'))
  describe('MySQL unreachable under a running web node and worker', () => {
    let fixture: ScaleFixture;
    let proxy: TcpProxy;
    /** Feed responses held back until the test lets them go. */
    const held: Array<() => void> = [];
    let holding = true;

    beforeAll(async () => {
      fixture = await new ScaleFixture(FEEDS, 0).start(dialect);
      proxy = await new TcpProxy(Number(new URL(fixture.database.url).port || 3306)).start();
      // A first poll a day ago records every feed's first post; the next poll finds a second one.
      await fixture.cli(['poll', '--once', '--all', '--at', new Date(Date.now() - 86_400_000).toISOString()]);
      fixture.edition = 2;
      for (const path of fixture.paths())
        fixture.server.set(path, {
          handler: (_request, response) => {
            const answer = () => answerFeed(response, path, fixture.edition);
            if (holding) held.push(answer);
            else answer();
          },
        });
    });
    afterAll(async () => {
      await fixture?.stop();
      await proxy?.stop();
    });

    it('logs clear lines, stays up, reports the database down and then up, and resumes the work once', async () => {
      const url = new URL(fixture.database.url);
      url.port = String(proxy.port);
      const env = { ...ENV, DATABASE_URL: url.toString() };
      const web = await fixture.startProcess('web-1', env, ['--role', 'web']);
      const worker = await fixture.startProcess('worker-1', env, ['--role', 'worker']);
      const browser = new WebClient(web.baseUrl, join(fixture.directory, 'outbox'));
      await browser.get('/signin');
      await waitUntil(() => held.length > 0, 'the worker fetching a feed', 60_000);

      // MySQL goes away while the worker has feeds in hand: what it fetched cannot be written.
      await proxy.cut();
      holding = false;
      for (const answer of held.splice(0)) answer();
      await waitUntil(() => worker.output().includes('poll-cycle failed'), 'the worker saying so', 60_000);
      for (const node of [web, worker]) {
        const health = await fetch(`${node.baseUrl}/health`);
        expect(health.status).toBe(503);
        expect(await health.json()).toMatchObject({ status: 'error', database: { status: 'down' } });
      }
      for (const email of ['during@example.com', 'again@example.com']) {
        const refused = await browser.post('/signin', { email, timezone: 'UTC' });
        expect(refused.status).toBe(503);
        expect(refused.headers.get('retry-after')).toBe('60');
        expect(refused.html).toContain('cannot reach its database');
      }
      expect(fixture.server.requests.length).toBeGreaterThan(0);

      await proxy.restore();
      for (const node of [web, worker])
        await waitUntil(
          async () => (await fetch(`${node.baseUrl}/health`)).status === 200,
          'health: database up',
          60_000,
        );
      // The feeds the failed cycle held are polled again once their claims run out, and emailed once.
      await waitUntil(() => sentCount(fixture) === FEEDS, 'an email for each new post, sent', 120_000);
      expect((await browser.post('/signin', { email: 'after@example.com', timezone: 'UTC' })).status).toBe(
        200,
      );
      await waitUntil(() => sentCount(fixture) === FEEDS + 1, 'the sign-in email, sent', 60_000);
      await Promise.all([web.stop(), worker.stop()]);

      const rows = await queryDatabase<{ status: string; kind: string }>(
        fixture.database,
        'SELECT status, kind FROM outbox_emails',
      );
      expect(rows.filter((row) => row.kind !== 'sign-in').map((row) => row.status)).toEqual(
        Array<string>(FEEDS).fill('sent'),
      );
      expect(sentCount(fixture)).toBe(FEEDS + 1);
      const lines = worker.output().trim().split('\n');
      expect(lines.filter((line) => line.includes('poll-cycle failed'))).toHaveLength(1);
      expect(lines.filter((line) => line.includes('poll-cycle works again'))).toHaveLength(1);
      const webLines = web.output().trim().split('\n');
      expect(webLines.filter((line) => line.includes('database unreachable: answered 503'))).toHaveLength(1);
      expect(webLines.filter((line) => line.includes('unhandled error'))).toEqual([]);
      for (const node of [web, worker]) expect(node.output()).not.toMatch(/^\s+at /m);
    });
  });

function answerFeed(response: ServerResponse, path: string, edition: number): void {
  const items = Array.from({ length: edition }, (_, index) => ({
    title: `Post ${index + 1} of ${path}`,
    link: `https://feeds.example${path}/${index + 1}`,
  }));
  response.writeHead(200, { 'content-type': 'application/rss+xml' }).end(rssFeed(`Feed ${path}`, items));
}

function sentCount(fixture: ScaleFixture): number {
  try {
    return readdirSync(join(fixture.directory, 'outbox')).filter((name) => name.endsWith('.eml')).length;
  } catch {
    return 0;
  }
}
