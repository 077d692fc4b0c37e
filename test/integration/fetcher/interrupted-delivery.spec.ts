import { parseFeed } from '../../../src/entries/domain/parse-feed';
import { EntriesService } from '../../../src/entries/entries.service';
import { rssFeed } from '../../support/feed-server';
import { testDialects } from '../../support/test-database';
import { daysBefore, PollHarness } from './poll-support';

const MINUTE = 60_000;

describe.each(testDialects())('entries a stopped poll stored but never delivered, on %s', (dialect) => {
  const h = new PollHarness();
  beforeAll(() => h.start(dialect));
  afterAll(() => h.stop());
  afterEach(() => h.reset());

  const archive = (site: string) =>
    Array.from({ length: 3 }, (_, index) => ({
      title: `Old post ${index}`,
      link: `${site}/old/${index}`,
      date: daysBefore(h.clock.now(), index + 1),
    }));
  const subjects = async (userId: string) => (await h.emails(userId)).map((email) => email.subject);
  const waiting = async (url: string) => {
    const feed = await h.feed(url);
    const [{ count }] = await h.dataSource.query(
      'SELECT COUNT(*) AS count FROM entries WHERE feed_id = ? AND delivery_planned_at IS NULL',
      [feed.id],
    );
    return Number(count);
  };

  it('marks every entry a poll handled, the first parse included, so later cycles have nothing to redo', async () => {
    const old = archive('https://m.example');
    h.server.set('/marked.xml', { body: rssFeed('Marked', old) });
    const { url, userIds } = await h.subscribe('/marked.xml');
    await h.poll();
    expect(await waiting(url)).toBe(0);

    const fresh = {
      title: 'Delivered once',
      link: 'https://m.example/new',
      date: h.clock.now().toUTCString(),
    };
    h.server.set('/marked.xml', { body: rssFeed('Marked', [fresh, ...old]) });
    await h.poll();
    expect(await waiting(url)).toBe(0);
    h.clock.advance(30 * MINUTE);
    await h.poll();
    expect(await subjects(userIds[0])).toEqual(['Delivered once']);
  });

  it('delivers a new post whose poll stopped after storing it, once, on a cycle after the grace period', async () => {
    const old = archive('https://s.example');
    h.server.set('/stopped.xml', { body: rssFeed('Stopped', old) });
    const { url, userIds } = await h.subscribe('/stopped.xml');
    await h.poll();

    // What a poll does before it is killed: the new body parsed and its entries stored, nothing else.
    const fresh = { title: 'Nearly lost', link: 'https://s.example/new', date: h.clock.now().toUTCString() };
    const body = rssFeed('Stopped', [fresh, ...old]);
    h.server.set('/stopped.xml', { body });
    const parsed = await parseFeed(body, { feedUrl: url });
    const feed = await h.feed(url);
    await h.testApp.app.get(EntriesService).ingest(feed.id, parsed.entries, h.clock.now(), { deliver: true });
    expect(await waiting(url)).toBe(1);

    // The next poll finds the post known; within the grace period it may still be in a poll's hands.
    const soon = await h.poll();
    expect(await subjects(userIds[0])).toEqual([]);
    expect(soon.newEntries).toBe(0);

    h.clock.advance(11 * MINUTE);
    const later = await h.poll();
    expect(later.emailsEnqueued).toBe(1);
    expect(await subjects(userIds[0])).toEqual(['Nearly lost']);
    expect(await waiting(url)).toBe(0);

    h.clock.advance(11 * MINUTE);
    await h.poll();
    expect(await subjects(userIds[0])).toEqual(['Nearly lost']);
  });

  it('marks the waiting entries of a feed nobody reads any more as handled, sending nothing', async () => {
    h.server.set('/left.xml', { body: rssFeed('Left', archive('https://l.example')) });
    const { url, userIds } = await h.subscribe('/left.xml');
    await h.poll();
    const feed = await h.feed(url);
    const fresh = { title: 'Unread', link: 'https://l.example/new', date: h.clock.now().toUTCString() };
    const parsed = await parseFeed(rssFeed('Left', [fresh]), { feedUrl: url });
    await h.testApp.app.get(EntriesService).ingest(feed.id, parsed.entries, h.clock.now(), { deliver: true });
    await h.reset();

    h.clock.advance(11 * MINUTE);
    await h.poll();
    expect(await waiting(url)).toBe(0);
    expect(await h.emails(userIds[0])).toEqual([]);
  });
});
