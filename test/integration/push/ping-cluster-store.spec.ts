import { PingUrlsRepository } from '../../../src/fetcher/push/ping-cache/ping-urls.repository';
import { testDialects } from '../../support/test-database';
import { PollHarness } from '../fetcher/poll-support';

describe.each(testDialects())('a feed’s ping URLs as stored (%s)', (dialect) => {
  const harness = new PollHarness();

  beforeAll(() => harness.start(dialect));
  afterAll(() => harness.stop());

  it('replaces a cluster key by key: gone keys deleted, changed rows updated in place, new keys added', async () => {
    const { url } = await harness.subscribe('/cluster.xml');
    const feed = await harness.feed(url);
    const urls = harness.testApp.app.get(PingUrlsRepository);
    const monday = new Date('2026-11-23T08:00:00.000Z');
    const row = (key: string, source: 'feed' | 'site', refreshedAt = monday) => ({
      url: `https://${key}.example/`,
      source,
      refreshedAt,
      keyHash: key.padEnd(64, '0'),
    });
    await urls.replaceCluster(feed.id, [row('a', 'feed'), row('b', 'site')]);
    const idOf = async (key: string) =>
      (
        await harness.dataSource.query('SELECT id FROM ping_urls WHERE key_hash = ?', [key.padEnd(64, '0')])
      )[0]?.id as string | undefined;
    const siteId = await idOf('b');

    const tuesday = new Date('2026-11-24T08:00:00.000Z');
    await urls.replaceCluster(feed.id, [row('b', 'site', tuesday), row('c', 'feed')]);

    const cluster = await urls.clusterOf(feed.id);
    expect(
      cluster.map(({ url, source, refreshedAt }) => [url, source, refreshedAt.toISOString()]).sort(),
    ).toEqual([
      ['https://b.example/', 'site', tuesday.toISOString()],
      ['https://c.example/', 'feed', monday.toISOString()],
    ]);
    expect(await idOf('b')).toBe(siteId);
    expect(await urls.feedIdsWithKey('a'.padEnd(64, '0'))).toEqual([]);
    expect(await urls.feedIdsWithKey('c'.padEnd(64, '0'))).toEqual([feed.id]);
  });
});
