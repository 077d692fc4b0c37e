import { runTidings } from '../support/cli';
import { FeedServer, rssFeed } from '../support/feed-server';
import { createTestDatabase, TestDatabase } from '../support/test-database';

describe('the fetcher through the CLI', () => {
  let feeds: FeedServer;
  let database: TestDatabase;
  const env = () => ({ DATABASE_URL: database.url, FETCH_HOST_GAP_MS: '0' });
  const listFeeds = async (extraEnv: Record<string, string> = {}) =>
    JSON.parse((await runTidings(['feeds', 'list', '--json'], { ...env(), ...extraEnv })).stdout) as Array<
      Record<string, unknown>
    >;

  beforeAll(async () => {
    feeds = await new FeedServer().start();
    database = await createTestDatabase('sqlite');
    expect((await runTidings(['users', 'add', 'reader@example.com'], env())).code).toBe(0);
  });

  afterAll(async () => {
    await feeds.stop();
    await database.drop();
  });

  it('shows in `feeds list --json` that a 304 saved the work, with the validators as the server sent them', async () => {
    const body = rssFeed('Conditional', [{ title: 'One', link: 'https://c.example/1' }]);
    feeds.set('/conditional.xml', {
      handler: (request, response) => {
        if (request.headers['if-none-match'] === '"e-1"') return void response.writeHead(304).end();
        response.writeHead(200, { etag: '"e-1"', 'content-type': 'application/rss+xml' }).end(body);
      },
    });
    expect(
      (await runTidings(['subscribe', 'reader@example.com', feeds.url('/conditional.xml')], env())).code,
    ).toBe(0);
    expect((await runTidings(['poll', '--once'], env())).code).toBe(0);
    const second = await runTidings(['poll', '--once', '--all'], env());
    expect(second.stdout).toMatch(/^polled 1 feeds \(0 failed\), 0 new entries/);
    const [feed] = await listFeeds();
    expect(feed).toMatchObject({
      url: feeds.url('/conditional.xml'),
      status: 'active',
      etag: '"e-1"',
      lastModified: null,
      lastOutcome: 'not-modified',
      errorCount: 0,
      brokenSince: null,
      pollIntervalSeconds: 3600,
    });
    expect(Date.parse(feed.nextPollAt as string)).toBeGreaterThan(Date.parse(feed.lastPolledAt as string));
  });

  it('refuses a loopback feed with FETCH_ALLOW_PRIVATE=false, without a single request', async () => {
    feeds.set('/private.xml', { body: rssFeed('Private', []) });
    const url = feeds.url('/private.xml').replace('127.0.0.1', '2130706433');
    expect((await runTidings(['subscribe', 'reader@example.com', url], env())).code).toBe(0);
    const requestsBefore = feeds.requests.length;
    const poll = await runTidings(['poll', '--once', '--all'], { ...env(), FETCH_ALLOW_PRIVATE: 'false' });
    expect(poll.code).toBe(0);
    expect(poll.stdout).toMatch(/\(2 failed\)/);
    expect(feeds.requests).toHaveLength(requestsBefore);
    const listed = await listFeeds();
    expect(listed.find((feed) => feed.url === url)).toMatchObject({ lastOutcome: 'blocked', errorCount: 1 });
  });

  it('shows in `feeds list` a feed that moved for good, once its 301 held for three polls', async () => {
    feeds.set('/old-home.xml', { status: 301, headers: { location: '/new-home.xml' } });
    feeds.set('/new-home.xml', { body: rssFeed('Moving', [{ title: 'One', link: 'https://m.example/1' }]) });
    expect(
      (await runTidings(['subscribe', 'reader@example.com', feeds.url('/old-home.xml')], env())).code,
    ).toBe(0);
    for (let poll = 0; poll < 3; poll += 1)
      expect((await runTidings(['poll', '--once', '--all'], env())).code).toBe(0);
    const moved = (await listFeeds()).find((feed) => feed.movedFrom === feeds.url('/old-home.xml'));
    expect(moved).toMatchObject({ url: feeds.url('/new-home.xml'), movedAt: expect.any(String) });
    const listed = await runTidings(['feeds', 'list'], env());
    expect(listed.stdout).toContain(`${feeds.url('/new-home.xml')}  next `);
    expect(listed.stdout).toContain(`moved from ${feeds.url('/old-home.xml')}`);
  });
});
