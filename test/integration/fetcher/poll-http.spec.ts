import { rssFeed } from '../../support/feed-server';
import { testDialects } from '../../support/test-database';
import { conditionalRoute, DAY, PollHarness } from './poll-support';

const HOUR = 3_600_000;
const post = (n: number) => ({
  title: `Post ${n}`,
  link: `https://blog.example/${n}`,
  date: `Sun, ${10 + n} Nov 2026 08:00:00 GMT`,
});

describe.each(testDialects())('polling over HTTP on %s', (dialect) => {
  const h = new PollHarness();
  beforeAll(() => h.start(dialect));
  afterAll(() => h.stop());
  afterEach(() => h.reset());

  it('echoes the validators byte for byte, stops at 304 and stores the validators a 304 renews', async () => {
    const state = {
      body: rssFeed('V', [post(1)]),
      etag: 'W/"v1;x"',
      lastModified: 'Tue, 10 Nov 2026 08:00:00 GMT',
    };
    h.server.set('/validators.xml', conditionalRoute(state));
    const { url } = await h.subscribe('/validators.xml');
    await h.poll();
    expect(await h.feed(url)).toMatchObject({
      etag: 'W/"v1;x"',
      lastModified: state.lastModified,
      lastOutcome: 'parsed',
    });

    state.etag = '"v2"';
    h.server.set('/validators.xml', {
      handler: (request, response) => {
        const renewed = request.headers['if-none-match'] === 'W/"v1;x"';
        response.writeHead(renewed ? 304 : 500, renewed ? { etag: '"v2"' } : {}).end();
      },
    });
    await h.poll();
    const [, second] = h.requestsTo('/validators.xml');
    expect(second.headers['if-none-match']).toBe('W/"v1;x"');
    expect(second.headers['if-modified-since']).toBe('Tue, 10 Nov 2026 08:00:00 GMT');
    expect(await h.feed(url)).toMatchObject({
      etag: '"v2"',
      lastModified: state.lastModified,
      lastOutcome: 'not-modified',
    });
  });

  it('invents no validator and skips parsing a body that has not changed', async () => {
    h.server.set('/plain.xml', { body: rssFeed('P', [post(1)]) });
    const { url } = await h.subscribe('/plain.xml');
    await h.poll();
    h.clock.advance(DAY);
    const report = await h.poll();
    for (const request of h.requestsTo('/plain.xml')) {
      expect(request.headers).not.toHaveProperty('if-none-match');
      expect(request.headers).not.toHaveProperty('if-modified-since');
    }
    expect(report.outcomes).toEqual({ 'same-hash': 1 });
    expect(await h.feed(url)).toMatchObject({ etag: null, lastModified: null, lastOutcome: 'same-hash' });
  });

  it('names Tidings, its URL and the subscriber count in the User-Agent', async () => {
    h.server.set('/ua.xml', { body: rssFeed('U', [post(1)]) });
    await h.subscribe('/ua.xml', 2);
    await h.poll();
    expect(h.requestsTo('/ua.xml')[0].headers['user-agent']).toBe(
      'Tidings/0.1 (+https://tidings.test; 2 subscribers)',
    );
  });

  it('moves a feed after a 301 has held for three polls, and keeps the old URL after a 302', async () => {
    h.server.set('/moved.xml', { status: 301, headers: { location: '/new-home.xml' } });
    h.server.set('/new-home.xml', { body: rssFeed('M', [post(1)]) });
    h.server.set('/visiting.xml', { status: 302, headers: { location: '/new-home.xml' } });
    const moved = await h.subscribe('/moved.xml');
    const visiting = await h.subscribe('/visiting.xml');
    const urls = async () => (await h.feeds.listFeeds()).map((feed) => feed.url);
    await h.poll();
    await h.poll();
    expect(await h.feed(moved.url)).toMatchObject({ redirectStreak: 2, movedFrom: null });
    await h.poll();
    expect(await urls()).toEqual(expect.arrayContaining([h.server.url('/new-home.xml'), visiting.url]));
    expect(await urls()).not.toContain(moved.url);
    expect(await h.feed(h.server.url('/new-home.xml'))).toMatchObject({
      movedFrom: moved.url,
      movedAt: h.clock.now(),
      redirectStreak: 0,
    });
    expect(await h.feed(visiting.url)).toMatchObject({
      lastOutcome: 'same-hash',
      status: 'active',
      movedFrom: null,
    });
    await h.feeds.unsubscribe(moved.userIds[0], h.server.url('/new-home.xml'));
  });

  it('stays put when a permanent redirect is undone before the third poll', async () => {
    h.server.set('/flip.xml', { status: 301, headers: { location: '/flip-new.xml' } });
    h.server.set('/flip-new.xml', { body: rssFeed('F', [post(1)]) });
    const { url } = await h.subscribe('/flip.xml');
    await h.poll();
    await h.poll();
    h.server.set('/flip.xml', { body: rssFeed('F', [post(1)]) });
    await h.poll();
    h.server.set('/flip.xml', { status: 301, headers: { location: '/flip-new.xml' } });
    await h.poll();
    expect(await h.feed(url)).toMatchObject({ url, movedFrom: null, redirectStreak: 1 });
  });

  it('stops polling a feed that is gone (410) and tells its subscribers once', async () => {
    h.server.set('/gone.xml', { status: 410, body: 'gone' });
    const { url, userIds } = await h.subscribe('/gone.xml', 2);
    await h.poll();
    await h.poll();
    h.clock.advance(2 * DAY);
    await h.poll(false);
    expect(h.requestsTo('/gone.xml')).toHaveLength(1);
    expect(await h.feed(url)).toMatchObject({ status: 'gone', lastOutcome: 'gone' });
    for (const userId of userIds) {
      const emails = await h.emails(userId);
      expect(emails).toHaveLength(1);
      expect(emails[0]).toMatchObject({ kind: 'feed-problem' });
      expect(emails[0].subject).toMatch(/is gone$/);
      const site = encodeURIComponent(new URL('/', url).toString());
      expect(emails[0].text).toContain(`Find its new feed: https://tidings.test/feeds/add?url=${site}`);
    }
  });

  it('backs off on 404 and 5xx, marks a feed failing for days broken with one email, and recovers', async () => {
    let status = 404;
    h.server.set('/flaky.xml', { handler: (_, response) => void response.writeHead(status).end('no') });
    const { url, userIds } = await h.subscribe('/flaky.xml');
    const start = h.clock.now().getTime();
    const gaps: number[] = [];
    while (h.clock.now().getTime() - start < 5 * DAY) {
      status = status === 404 ? 502 : 404;
      await h.poll(false);
      const feed = await h.feed(url);
      gaps.push(feed.nextPollAt.getTime() - h.clock.now().getTime());
      h.clock.set(feed.nextPollAt);
    }
    expect(gaps[1]).toBeGreaterThan(gaps[0] * 1.5);
    expect(Math.max(...gaps)).toBeLessThanOrEqual(24 * HOUR * 1.1);
    const broken = await h.feed(url);
    expect(broken).toMatchObject({ status: 'broken' });
    expect(broken.errorCount).toBe(gaps.length);
    expect((await h.emails(userIds[0])).map((email) => email.kind)).toEqual(['feed-problem']);

    h.server.set('/flaky.xml', { body: rssFeed('F', [post(1)]) });
    await h.poll(false);
    expect(await h.feed(url)).toMatchObject({
      status: 'active',
      errorCount: 0,
      lastOutcome: 'parsed',
      lastError: null,
    });
  });

  it('honours Retry-After in seconds for the whole host, and as an HTTP date beyond the ceiling', async () => {
    h.server.set('/busy.xml', { status: 429, headers: { 'retry-after': '7200' } });
    const busy = await h.subscribe('/busy.xml');
    await h.poll();
    h.server.set('/neighbour.xml', { body: rssFeed('N', [post(1)]) });
    await h.subscribe('/neighbour.xml');
    h.clock.advance(HOUR);
    await h.poll();
    expect(h.requestsTo('/neighbour.xml')).toHaveLength(0);
    expect(h.requestsTo('/busy.xml')).toHaveLength(1);
    expect(await h.feed(busy.url)).toMatchObject({ lastOutcome: 'http-429', errorCount: 1 });
    h.clock.advance(HOUR + 1000);
    h.server.set('/busy.xml', { body: rssFeed('B', [post(1)]) });
    await h.poll();
    expect(h.requestsTo('/neighbour.xml')).toHaveLength(1);
    expect(h.requestsTo('/busy.xml')).toHaveLength(2);

    const later = new Date(h.clock.now().getTime() + 3 * DAY);
    h.server.set('/maintenance.xml', { status: 503, headers: { 'retry-after': later.toUTCString() } });
    const maintenance = await h.subscribe('/maintenance.xml');
    await h.poll();
    expect((await h.feed(maintenance.url)).nextPollAt).toEqual(
      new Date(Math.floor(later.getTime() / 1000) * 1000),
    );
  });

  it('recognises a bot-challenge page and does not parse it', async () => {
    h.server.set('/challenge.xml', {
      status: 403,
      headers: { 'content-type': 'text/html' },
      body: '<!DOCTYPE html><html><head><title>Just a moment...</title></head><body><div id="cf-chl-widget"></div></body></html>',
    });
    const { url } = await h.subscribe('/challenge.xml');
    await h.poll();
    expect(await h.feed(url)).toMatchObject({ lastOutcome: 'bot-challenge', errorCount: 1 });
  });

  it('waits longer when the server says its feed stays fresh (Cache-Control: max-age)', async () => {
    h.server.set('/fresh.xml', {
      headers: { 'content-type': 'application/rss+xml', 'cache-control': 'max-age=43200' },
      body: rssFeed('C', [post(1)]),
    });
    const { url } = await h.subscribe('/fresh.xml');
    await h.poll();
    const feed = await h.feed(url);
    expect(feed.nextPollAt.getTime() - h.clock.now().getTime()).toBeGreaterThanOrEqual(12 * HOUR * 0.9);
    expect(await h.poll(false)).toMatchObject({ polled: 0, failed: 0 });
  });

  it('records a feed that cannot be fetched or parsed for that feed alone', async () => {
    h.server.set('/garbage.xml', { body: '<rss version="2.0"><channel><item>' });
    h.server.set('/huge.xml', { body: Buffer.alloc(11 * 1024 * 1024, 'a') });
    h.server.set('/fine.xml', { body: rssFeed('Fine', [post(1)]) });
    const garbage = await h.subscribe('/garbage.xml');
    const huge = await h.subscribe('/huge.xml');
    const fine = await h.subscribe('/fine.xml');
    const report = await h.poll();
    expect(report).toMatchObject({ polled: 1, failed: 2 });
    expect(await h.feed(garbage.url)).toMatchObject({ lastOutcome: 'parse-error', errorCount: 1 });
    expect(await h.feed(huge.url)).toMatchObject({ lastOutcome: 'too-large', errorCount: 1 });
    expect(await h.feed(fine.url)).toMatchObject({ lastOutcome: 'parsed', errorCount: 0 });
  });

  it('keeps to FETCH_PER_HOST and sends each new post once when cycles overlap', async () => {
    let open = 0;
    let peak = 0;
    const paths = Array.from({ length: 8 }, (_, index) => `/many-${index}.xml`);
    const items = [post(1)];
    for (const path of paths)
      h.server.set(path, {
        handler: (_, response) => {
          open += 1;
          peak = Math.max(peak, open);
          setTimeout(() => {
            open -= 1;
            response.writeHead(200, { 'content-type': 'application/rss+xml' }).end(rssFeed(path, items));
          }, 10);
        },
      });
    // Sequential: on SQLite, AccountsService.addUser's save() opens a transaction outside Transactions.run.
    const readers = [];
    for (const path of paths) readers.push(await h.subscribe(path));
    await h.poll();
    items.unshift(post(2));
    const reports = await Promise.all([h.poll(), h.poll(), h.poll()]);
    expect(peak).toBeLessThanOrEqual(2);
    expect(reports.reduce((sum, report) => sum + report.emailsEnqueued, 0)).toBe(8);
    for (const reader of readers) expect(await h.emails(reader.userIds[0])).toHaveLength(1);
  });
});
