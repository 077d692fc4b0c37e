import { runTidings } from '../support/cli';
import { FeedServer, rssFeed } from '../support/feed-server';
import { createTestDatabase, TestDatabase } from '../support/test-database';

const BLOCKED =
  '127.0.0.1 is not a public address (127.0.0.1): Tidings does not fetch from loopback, link-local or private networks unless FETCH_ALLOW_PRIVATE=true';

/** What a user of the `tidings` command sees: results on stdout, warnings and one-line errors on stderr. */
describe('the tidings command’s output', () => {
  let feeds: FeedServer;
  let database: TestDatabase;
  // LOG_LEVEL as a user leaves it (info): start-up logs must stay quiet by themselves.
  const env = (extra: Record<string, string> = {}) => ({
    DATABASE_URL: database.url,
    FETCH_HOST_GAP_MS: '0',
    LOG_LEVEL: 'info',
    ...extra,
  });
  const listedUrls = async () =>
    (JSON.parse((await runTidings(['feeds', 'list', '--json'], env())).stdout) as Array<{ url: string }>)
      .map((feed) => feed.url)
      .sort();

  beforeAll(async () => {
    feeds = await new FeedServer().start();
    database = await createTestDatabase('sqlite');
    feeds.set('/feed.xml', { body: rssFeed('Local Blog', [{ title: 'One', link: 'https://l.example/1' }]) });
    feeds.set('/blog/', {
      headers: { 'content-type': 'text/html' },
      body: '<html><head><link rel="alternate" type="application/rss+xml" title="Posts" href="/feed.xml"></head></html>',
    });
    feeds.set('/plain.html', { headers: { 'content-type': 'text/html' }, body: '<p>No feed here</p>' });
    feeds.set('/malformed.xml', { body: '<?xml version="1.0"?><rss version="2.0"><channel><title>Half' });
  });

  afterAll(async () => {
    await feeds.stop();
    await database.drop();
  });

  it('prints only the result: no start-up logs at the default LOG_LEVEL', async () => {
    const added = await runTidings(['users', 'add', 'reader@example.com'], env());
    expect(added).toMatchObject({ code: 0, stderr: '' });
    expect(added.stdout.trim().split('\n')).toEqual([expect.stringMatching(/^added reader@example.com /)]);
  });

  it('logs at LOG_LEVEL on stderr with --verbose', async () => {
    const verbose = await runTidings(['--verbose', 'users', 'show', 'reader@example.com'], env());
    expect(verbose.code).toBe(0);
    expect(verbose.stderr).toContain('dependencies initialized');
  });

  it('fails with one line on stderr and a non-zero exit', async () => {
    expect(await runTidings(['users', 'show', 'nobody@example.com'], env())).toEqual({
      code: 1,
      stdout: '',
      stderr: 'error: no user with the email nobody@example.com\n',
    });
  });

  it('subscribes to the feed a page links to, as the dashboard finds it', async () => {
    const fromPage = await runTidings(['subscribe', 'reader@example.com', feeds.url('/blog/')], env());
    expect(fromPage).toEqual({
      code: 0,
      stdout: `subscribed reader@example.com to ${feeds.url('/feed.xml')} "Local Blog", found on ${feeds.url('/blog/')} (realtime)\n`,
      stderr: '',
    });
  });

  it.each([
    ['a 404', '/missing.xml', (url: string) => `${url} answered with status 404.`],
    [
      'a page without a feed',
      '/plain.html',
      (url: string) => `No feed found at ${url}: neither a feed nor a page that links to one.`,
    ],
    [
      'malformed XML',
      '/malformed.xml',
      (url: string) =>
        `${url} looks like a feed but cannot be read: not a feed: the document ends before its last element is closed (unclosed tag: title)`,
    ],
  ])('refuses %s with the reason, and stores nothing', async (_what, path, reason) => {
    const refused = await runTidings(['subscribe', 'reader@example.com', feeds.url(path)], env());
    expect(refused).toEqual({ code: 1, stdout: '', stderr: `error: ${reason(feeds.url(path))}\n` });
    expect(await listedUrls()).toEqual([feeds.url('/feed.xml')]);
  });

  it('refuses a feed on this machine unless FETCH_ALLOW_PRIVATE, and says so', async () => {
    const url = feeds.url('/other.xml');
    const refused = await runTidings(
      ['subscribe', 'reader@example.com', url],
      env({ FETCH_ALLOW_PRIVATE: 'false' }),
    );
    expect(refused).toEqual({
      code: 1,
      stdout: '',
      stderr: `error: Could not fetch ${url}: ${BLOCKED}\n`,
    });
  });

  it('subscribes without looking with --no-check', async () => {
    const unchecked = await runTidings(
      ['subscribe', 'reader@example.com', feeds.url('/missing.xml'), '--no-check'],
      env(),
    );
    expect(unchecked).toMatchObject({ code: 0, stderr: '' });
    expect(await listedUrls()).toEqual([feeds.url('/feed.xml'), feeds.url('/missing.xml')]);
  });

  it('subscribes again changing only the settings it is given', async () => {
    const url = feeds.url('/missing.xml');
    const subscribe = (...options: string[]) =>
      runTidings(['subscribe', 'reader@example.com', url, '--no-check', ...options], env());
    const shown = async () =>
      (
        JSON.parse((await runTidings(['users', 'show', 'reader@example.com', '--json'], env())).stdout) as {
          subscriptions: Array<Record<string, unknown>>;
        }
      ).subscriptions.find((subscription) => subscription.url === url);
    expect(
      await subscribe('--mode', 'monthly', '--day-of-month', '31', '--exclude', 'crypto', '--full-text'),
    ).toMatchObject({
      code: 0,
      stdout: `subscribed reader@example.com to ${url} (monthly on day 31)\n`,
    });
    expect(await subscribe('--tag', 'Ars')).toMatchObject({
      code: 0,
      stdout: `subscribed reader@example.com to ${url} (monthly on day 31, subjects tagged [Ars])\n`,
    });
    expect(await shown()).toMatchObject({
      mode: 'monthly',
      dayOfMonth: 31,
      excludeWords: ['crypto'],
      tag: 'Ars',
      fullText: true,
    });
    expect((await runTidings(['users', 'show', 'reader@example.com'], env())).stdout).toContain(
      `  monthly on day 31 ${url}\n`,
    );
    await subscribe('--mode', 'daily', '--no-full-text');
    expect(await shown()).toMatchObject({
      mode: 'daily',
      dayOfMonth: null,
      excludeWords: ['crypto'],
      tag: 'Ars',
      fullText: false,
    });
  });

  it('polls with one line per failed feed and its reason, naming FETCH_ALLOW_PRIVATE when it refused', async () => {
    const refused = await runTidings(['poll', '--all'], env({ FETCH_ALLOW_PRIVATE: 'false' }));
    expect(refused).toMatchObject({ code: 0, stderr: '' });
    expect(refused.stdout.split('\n').slice(0, 2).sort()).toEqual([
      `failed ${feeds.url('/feed.xml')}: ${BLOCKED}`,
      `failed ${feeds.url('/missing.xml')}: ${BLOCKED}`,
    ]);

    const polled = await runTidings(['poll', '--all'], env());
    expect(polled).toMatchObject({ code: 0, stderr: '' });
    expect(polled.stdout).toMatch(
      new RegExp(`^failed ${feeds.url('/missing.xml')}: HTTP 404\npolled 1 feeds \\(1 failed\\)`),
    );
  });

  it('says, when no feed is due, which one is next, when, and how to poll them all now', async () => {
    const idle = await runTidings(['poll'], env());
    expect(idle).toMatchObject({ code: 0, stderr: '' });
    expect(idle.stdout).toMatch(/^polled 0 feeds \(0 failed\)/);
    expect(idle.stdout).toMatch(
      /\nno feed is due: the next is http:\/\/127\.0\.0\.1:\d+\/\S+ at \d{4}-\d\d-\d\dT[\d:.]+Z \(in \d+ (h \d+ )?min\); `tidings poll --all` polls every feed now\n$/,
    );
  });
});
