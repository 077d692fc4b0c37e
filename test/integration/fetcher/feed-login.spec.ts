import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { AccountsService } from '../../../src/accounts/accounts.service';
import { OpmlService } from '../../../src/feeds/opml.service';
import { FeedServer, rssFeed } from '../../support/feed-server';
import { testDialects, TestDatabase } from '../../support/test-database';
import { PollHarness } from './poll-support';

const USER = 'reader';
const PASSWORD = 'correct-horse-battery-7Qz';
const BASIC = `Basic ${Buffer.from(`${USER}:${PASSWORD}`).toString('base64')}`;

/** Every byte the database holds: the SQLite file and its log, or a mysqldump of the MariaDB database. */
function databaseBytes(database: TestDatabase): string {
  if (database.dialect === 'sqlite') {
    const file = database.url.slice('sqlite:'.length);
    return [file, `${file}-wal`]
      .filter((path) => existsSync(path))
      .map((path) => readFileSync(path).toString('latin1'))
      .join('');
  }
  const url = new URL(database.url);
  return execFileSync(
    'mysqldump',
    ['-h', url.hostname, '-P', url.port || '3306', '-u', url.username, url.pathname.slice(1)],
    { encoding: 'latin1', maxBuffer: 64 * 1024 * 1024 },
  );
}

describe.each(testDialects())('a feed behind a login on %s, with real servers on loopback', (dialect) => {
  const h = new PollHarness();
  let elsewhere: FeedServer;

  beforeAll(async () => {
    await h.start(dialect);
    elsewhere = await new FeedServer().start('127.0.0.2');
    const body = rssFeed('Private', [{ title: 'Members only', link: 'https://blog.example/m' }]);
    h.server.set('/private.xml', {
      handler: (request, response) => {
        if (request.headers.authorization === BASIC)
          return response.writeHead(200, { 'content-type': 'application/rss+xml' }).end(body);
        response.writeHead(401, { 'www-authenticate': 'Basic realm="members"' }).end('login');
      },
    });
    h.server.set('/same-host-hop.xml', { status: 302, headers: { location: '/private.xml' } });
    h.server.set('/to-elsewhere.xml', { status: 302, headers: { location: elsewhere.url('/feed.xml') } });
    elsewhere.set('/feed.xml', { body });
    h.server.set('/to-locked.xml', { status: 302, headers: { location: elsewhere.url('/locked.xml') } });
    elsewhere.set('/locked.xml', { status: 401, body: 'login' });
  });

  afterAll(async () => {
    await elsewhere.stop();
    await h.stop();
  });

  it('polls with its login, never sends it to another host, keeps it unreadable, and says a refusal', async () => {
    const accounts = h.testApp.app.get(AccountsService);
    const [member, stranger, mistyped] = await Promise.all(
      ['member', 'stranger', 'mistyped'].map((name) => accounts.addUser({ email: `${name}@example.com` })),
    );
    const login = { kind: 'basic', user: USER, password: PASSWORD } as const;
    const url = h.server.url('/private.xml');
    const withLogin = await h.feeds.subscribe(member.id, url, {}, {}, login);
    const hop = await h.feeds.subscribe(member.id, h.server.url('/same-host-hop.xml'), {}, {}, login);
    const away = await h.feeds.subscribe(member.id, h.server.url('/to-elsewhere.xml'), {}, {}, login);
    const locked = await h.feeds.subscribe(member.id, h.server.url('/to-locked.xml'), {}, {}, login);
    const without = await h.feeds.subscribe(stranger.id, url, {});
    const wrong = await h.feeds.subscribe(mistyped.id, url, {}, {}, { ...login, password: 'wrong' });
    // The same URL with another login, or none, is another feed; the same login is the same feed.
    expect(new Set([withLogin.feedId, without.feedId, wrong.feedId]).size).toBe(3);
    const again = await h.feeds.subscribe(stranger.id, url, {}, {}, login);
    expect(again.feedId).toBe(withLogin.feedId);

    const report = await h.poll();
    expect(report.failures.map((failure) => failure.reason).sort()).toEqual([
      'the feed asks for a login (HTTP 401)',
      'the feed asks for a login (HTTP 401)',
      `the feed asks for a login (HTTP 401) at ${elsewhere.url('/locked.xml')}, where it redirects: its login ` +
        `is sent only to ${new URL(url).origin}; subscribe to the new address with the login`,
    ]);
    expect(await h.feeds.getFeed(locked.feedId)).toMatchObject({ lastOutcome: 'http-401', errorCount: 1 });
    const feedOf = (subscription: { feedId: string }) => h.feeds.getFeed(subscription.feedId);
    expect(await feedOf(withLogin)).toMatchObject({ lastOutcome: 'parsed', title: 'Private', errorCount: 0 });
    expect(await feedOf(hop)).toMatchObject({ lastOutcome: 'parsed' });
    expect(await feedOf(away)).toMatchObject({ lastOutcome: 'parsed' });
    for (const refused of [without, wrong])
      expect(await feedOf(refused)).toMatchObject({
        lastOutcome: 'http-401',
        errorCount: 1,
        lastError: 'the feed asks for a login (HTTP 401)',
      });

    const sent = (path: string) =>
      h.server.requests.filter((request) => request.url === path).map((r) => r.headers.authorization);
    expect(sent('/same-host-hop.xml')).toEqual([BASIC]);
    expect(sent('/private.xml').sort()).toEqual(
      [BASIC, BASIC, `Basic ${Buffer.from(`${USER}:wrong`).toString('base64')}`, undefined].sort(),
    );
    expect(sent('/to-elsewhere.xml')).toEqual([BASIC]);
    expect(elsewhere.requests.map((request) => request.headers.authorization)).toEqual([
      undefined,
      undefined,
    ]);

    // Nowhere to be read: not in the database's bytes, nor in what Tidings shows or exports.
    const stored = databaseBytes(h.testApp.database);
    expect(stored).toContain('private.xml');
    for (const secret of [PASSWORD, BASIC.slice('Basic '.length), 'wrong'.padEnd(8, 'x')])
      expect(stored).not.toContain(secret);
    const shown = JSON.stringify([
      await h.feeds.listFeeds(),
      await h.feeds.subscriptionsOfUser(member.id),
      await h.testApp.app.get(OpmlService).exportFor(member.id, 'feeds'),
    ]);
    expect(shown).not.toContain(PASSWORD);
    expect(shown).not.toContain('v1.');
  });
});
