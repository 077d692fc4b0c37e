import { FeedsService } from '../../../src/feeds/feeds.service';
import { PollService } from '../../../src/fetcher/poll.service';
import { FeedServer, rssFeed } from '../../support/feed-server';
import { createTestApp, TestApp } from '../../support/test-app';
import { testDialects } from '../../support/test-database';
import { addReader } from './push-helpers';

describe.each(testDialects())('the priority lane of pinged feeds on %s', (dialect) => {
  let publisher: FeedServer;
  let test: TestApp;
  const ids = new Map<string, string>();
  const fetched = () => publisher.requests.map((request) => request.url);

  beforeAll(async () => {
    publisher = await new FeedServer().start();
    test = await createTestApp(dialect, { FETCH_CONCURRENCY: '1', FETCH_HOST_GAP_MS: '0' });
    const userId = await addReader(test, 'reader@example.com');
    const feeds = test.app.get(FeedsService);
    for (const name of ['a', 'b', 'c', 'd']) {
      publisher.set(`/${name}.xml`, { body: rssFeed(name, []) });
      const subscription = await feeds.subscribe(userId, publisher.url(`/${name}.xml`), { mode: 'daily' });
      ids.set(name, subscription.feedId);
    }
    await test.app.get(PollService).pollDue({ all: true });
  });

  afterAll(async () => {
    await test.close();
    await publisher.stop();
  });

  beforeEach(() => publisher.requests.splice(0));

  it('polls pinged feeds first in, first out, each once, and nothing else', async () => {
    const poll = test.app.get(PollService);
    const [c, a, d] = ['c', 'a', 'd'].map((name) => ids.get(name)!);
    const report = await poll.refreshNow([c, a, c, d, a]);
    expect(fetched()).toEqual(['/c.xml', '/a.xml', '/d.xml']);
    expect(report).toMatchObject({ polled: 3, failed: 0 });
  });

  it('ignores unknown feeds and keeps to a host that asked us to wait', async () => {
    const poll = test.app.get(PollService);
    test.clock.advance(10 * 60_000);
    publisher.set('/a.xml', { status: 429, headers: { 'retry-after': '3600' }, body: '' });
    await poll.refreshNow(['no-such-feed', ids.get('a')!]);
    expect(fetched()).toEqual(['/a.xml']);

    await poll.refreshNow([ids.get('b')!]);
    expect(fetched()).toEqual(['/a.xml']);
    const b = await test.app.get(FeedsService).getFeed(ids.get('b')!);
    expect(b.nextPollAt.getTime()).toBeGreaterThanOrEqual(test.clock.now().getTime() + 3_590_000);
  });
});
