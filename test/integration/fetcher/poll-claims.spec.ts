import { PollStateRepository } from '../../../src/fetcher/poll-state.repository';
import { rssFeed } from '../../support/feed-server';
import { testDialects } from '../../support/test-database';
import { PollHarness } from './poll-support';

describe.each(testDialects())('poll claims in the database (%s)', (dialect) => {
  const harness = new PollHarness();

  beforeAll(async () => {
    await harness.start(dialect, { FETCH_PER_HOST: '4' });
  });
  afterAll(() => harness.stop());
  afterEach(() => harness.reset());

  const slowFeed = (path: string) =>
    harness.server.set(path, {
      handler: (_request, response) =>
        setTimeout(
          () =>
            response
              .writeHead(200, { 'content-type': 'application/rss+xml' })
              .end(rssFeed(path, [{ title: 'One', link: `https://claims.example${path}` }])),
          50,
        ),
    });

  it('polls each due feed once when cycles overlap, and releases every claim when they end', async () => {
    const paths = Array.from({ length: 12 }, (_, index) => `/overlap-${index}.xml`);
    for (const path of paths) {
      slowFeed(path);
      await harness.subscribe(path);
    }
    const reports = await Promise.all([harness.poll(false), harness.poll(false), harness.poll(false)]);
    expect(reports.reduce((sum, report) => sum + report.polled, 0)).toBe(paths.length);
    for (const path of paths) expect(harness.requestsTo(path)).toHaveLength(1);
    const held = await harness.dataSource.query(
      'SELECT id FROM feeds WHERE poll_claim_token IS NOT NULL OR poll_claimed_until IS NOT NULL',
    );
    expect(held).toEqual([]);
  });

  it('leaves a feed another process holds alone until its lease ends, then takes it over', async () => {
    const { url } = await harness.subscribe('/held.xml');
    slowFeed('/held.xml');
    const feed = await harness.feed(url);
    const now = harness.clock.now();
    const lease = { token: '01DEADWORKERCLAIM000000000', owner: 'gone:1', now };
    const claimed = await harness.testApp.app
      .get(PollStateRepository)
      .claim([feed.id], { ...lease, until: new Date(now.getTime() + 60_000) }, null);
    expect(claimed).toEqual([feed.id]);

    await harness.poll(false);
    expect(harness.requestsTo('/held.xml')).toHaveLength(0);
    harness.clock.advance(61_000);
    const report = await harness.poll(false);
    expect(report.polled).toBe(1);
    expect(harness.requestsTo('/held.xml')).toHaveLength(1);
  });
});
