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

  /** A reader subscribed to a feed of three old posts, polled once (the first parse emails nothing). */
  const polledOnce = async (path: string, title: string, site: string) => {
    const old = archive(site);
    h.server.set(path, { body: rssFeed(title, old) });
    const { url, userIds } = await h.subscribe(path);
    await h.poll();
    return { old, url, userIds };
  };
  /** What a poll does before it is killed: the new body parsed and its entries stored, nothing else. */
  const storeOnly = async (url: string, body: string) => {
    const parsed = await parseFeed(body, { feedUrl: url });
    const feed = await h.feed(url);
    await h.testApp.app.get(EntriesService).ingest(feed.id, parsed.entries, h.clock.now(), { deliver: true });
  };

  it('marks every entry a poll handled, the first parse included, so later cycles have nothing to redo', async () => {
    const { old, url, userIds } = await polledOnce('/marked.xml', 'Marked', 'https://m.example');
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

  it("delivers a new post whose poll stopped after storing it on the feed's next poll, once", async () => {
    const { old, url, userIds } = await polledOnce('/next.xml', 'Next', 'https://n.example');

    const fresh = { title: 'Picked up', link: 'https://n.example/new', date: h.clock.now().toUTCString() };
    const body = rssFeed('Next', [{ ...fresh, description: 'As first stored' }, ...old]);
    h.server.set('/next.xml', { body });
    await storeOnly(url, body);
    expect(await waiting(url)).toBe(1);

    // The publisher edits the post before the next poll: the reader gets it as it reads now, as new.
    h.server.set('/next.xml', { body: rssFeed('Next', [{ ...fresh, description: 'As edited' }, ...old]) });
    const next = await h.poll();
    expect(next.emailsEnqueued).toBe(1);
    const emails = await h.emails(userIds[0]);
    expect(emails.map((email) => email.subject)).toEqual(['Picked up']);
    expect(emails[0].text).toContain('As edited');
    expect(await waiting(url)).toBe(0);

    h.clock.advance(11 * MINUTE);
    await h.poll();
    expect(await subjects(userIds[0])).toEqual(['Picked up']);
  });

  it('delivers a stored post its feed no longer lists, once, on a cycle after the grace period', async () => {
    const { old, url, userIds } = await polledOnce('/stopped.xml', 'Stopped', 'https://s.example');

    const fresh = { title: 'Nearly lost', link: 'https://s.example/new', date: h.clock.now().toUTCString() };
    await storeOnly(url, rssFeed('Stopped', [fresh, ...old]));
    expect(await waiting(url)).toBe(1);

    // The next poll does not see it; within the grace period it may still be in another poll's hands.
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
    const { url, userIds } = await polledOnce('/left.xml', 'Left', 'https://l.example');
    const fresh = { title: 'Unread', link: 'https://l.example/new', date: h.clock.now().toUTCString() };
    await storeOnly(url, rssFeed('Left', [fresh]));
    await h.reset();

    h.clock.advance(11 * MINUTE);
    await h.poll();
    expect(await waiting(url)).toBe(0);
    expect(await h.emails(userIds[0])).toEqual([]);
  });
});
