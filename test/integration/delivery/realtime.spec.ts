import { User } from '../../../src/accounts/accounts.service';
import { DeliveryService } from '../../../src/delivery/delivery.service';
import { createTestApp, TestApp } from '../../support/test-app';
import { testDialects } from '../../support/test-database';
import { DeliveryFixture } from './delivery-fixture';

const subjects = (rows: Array<{ subject: string }>) => rows.map((row) => row.subject).sort();

describe.each(testDialects())('real-time delivery on %s', (dialect) => {
  let test: TestApp;
  let fixture: DeliveryFixture;
  let ada: User;
  let bob: User;

  beforeAll(async () => {
    test = await createTestApp(dialect);
    fixture = new DeliveryFixture(test);
    ada = await fixture.addUser('ada@example.com');
    bob = await fixture.addUser('bob@example.com');
  });

  afterAll(() => test.close());

  it('emails each new entry to each subscriber, once, with the feed name', async () => {
    const feed = await fixture.feed('Plain Blog', [
      [ada, {}],
      [bob, {}],
    ]);
    const posts = [{ title: 'First', summary: 'One <b>thing</b>' }, { title: 'Second' }];
    const { emails } = await fixture.publish(feed, posts);
    expect(emails).toBe(4);
    const rows = (await fixture.outbox()).filter((row) => row.text.includes('Plain Blog'));
    expect(rows.map((row) => `${row.to_address} ${row.subject}`).sort()).toEqual([
      'ada@example.com First',
      'ada@example.com Second',
      'bob@example.com First',
      'bob@example.com Second',
    ]);
    const first = rows.find((row) => row.subject === 'First')!.html;
    expect(first).toContain('One <b>thing</b>');
    expect(rows.every((row) => row.kind === 'entry')).toBe(true);
  });

  it('applies each subscriber’s own keyword and regular-expression filters', async () => {
    const feed = await fixture.feed('Mixed News', [
      [ada, { includeWords: ['rust', 'type theory'], excludeWords: ['sponsored'] }],
      [bob, { filterRegex: '^release v\\d+' }],
    ]);
    await fixture.publish(feed, [
      { title: 'Rust 2027 roadmap' },
      { title: 'Notes', summary: 'An intro to Type  Theory' },
      { title: 'Trusted builds', summary: 'nothing about the language' },
      { title: 'Rust hosting', summary: 'A SPONSORED post' },
      { title: 'Release v3 is out' },
      { title: 'Pre-release v3' },
    ]);
    const rows = (await fixture.outbox('entry')).filter((row) => row.text.includes('Mixed News'));
    expect(subjects(rows.filter((row) => row.to_address === 'ada@example.com'))).toEqual([
      'Notes',
      'Rust 2027 roadmap',
    ]);
    expect(subjects(rows.filter((row) => row.to_address === 'bob@example.com'))).toEqual([
      'Release v3 is out',
    ]);
  });

  it('keeps the most recent k or k random entries of a poll', async () => {
    const feed = await fixture.feed('Busy Feed', [
      [ada, { keepRecent: 3 }],
      [bob, { keepRandom: 2 }],
    ]);
    const posts = Array.from({ length: 8 }, (_, i) => ({
      title: `Busy ${i}`,
      published: `2026-11-2${i % 2 ? 1 : 0}T0${i}:00:00Z`,
    }));
    await fixture.publish(feed, posts);
    const rows = (await fixture.outbox('entry')).filter((row) => row.text.includes('Busy Feed'));
    expect(subjects(rows.filter((row) => row.to_address === 'ada@example.com'))).toEqual([
      'Busy 3',
      'Busy 5',
      'Busy 7',
    ]);
    const random = subjects(rows.filter((row) => row.to_address === 'bob@example.com'));
    expect(random).toHaveLength(2);
    expect(new Set(random).size).toBe(2);
    expect(random.every((subject) => posts.some((post) => post.title === subject))).toBe(true);
  });

  it('collapses a burst into one combined email per subscriber, and only once', async () => {
    const feed = await fixture.feed('Firehose', [
      [ada, {}],
      [bob, { excludeWords: ['odd'] }],
    ]);
    const posts = Array.from({ length: 24 }, (_, i) => ({
      title: `Flood ${String(i).padStart(2, '0')} ${i % 2 ? 'odd' : 'even'}`,
      published: new Date(Date.UTC(2026, 10, 22, 0, i)).toISOString(),
    }));
    const { entries, emails } = await fixture.publish(feed, posts);
    expect(emails).toBe(2);
    const bursts = (await fixture.outbox('digest')).filter((row) =>
      row.dedup_key.startsWith(`burst:${feed.id}:`),
    );
    expect(bursts.map((row) => `${row.to_address} ${row.subject}`).sort()).toEqual([
      'ada@example.com 24 new posts from Firehose',
      'bob@example.com 12 new posts from Firehose',
    ]);
    const adaBurst = bursts.find((row) => row.to_address === 'ada@example.com')!;
    // The newest ten with an excerpt, the older ones by their linked headline: every post is there.
    expect(adaBurst.text).toMatch(/^Flood 23 odd$/m);
    expect(adaBurst.text).toMatch(/^- Flood 00 even: \S+$/m);
    expect(adaBurst.text).not.toMatch(/^Flood 00 even$/m);
    expect((await fixture.outbox('entry')).some((row) => row.subject.startsWith('Flood'))).toBe(false);

    const again = await test.app.get(DeliveryService).deliverNewEntries(feed, entries);
    expect(again).toBe(0);
  });

  it('keeps entries for digest subscribers as pending items instead of emailing them', async () => {
    const feed = await fixture.feed('Calm Feed', [
      [ada, { mode: 'daily', excludeWords: ['noise'] }],
      [bob, { mode: 'weekly' }],
    ]);
    const { emails } = await fixture.publish(feed, [{ title: 'Calm one' }, { title: 'Calm noise' }]);
    expect(emails).toBe(0);
    const pending = await fixture.query<{ user_id: string; cadence: string }>(
      `SELECT p.user_id, p.cadence FROM pending_digest_items p JOIN entries e ON e.id = p.entry_id WHERE e.feed_id = ?`,
      [feed.id],
    );
    expect(
      pending.map((item) => `${item.user_id === ada.id ? 'ada' : 'bob'} ${item.cadence}`).sort(),
    ).toEqual(['ada daily', 'bob weekly', 'bob weekly']);
  });

  it('enqueues each email and pending item once when one poll’s entries are delivered many times at once', async () => {
    const feed = await fixture.feed('Echo Feed', [
      [ada, {}],
      [bob, { mode: 'daily' }],
    ]);
    const entries = await fixture.store(feed, [{ title: 'Echo one' }, { title: 'Echo two' }]);
    const service = test.app.get(DeliveryService);
    const counts = await Promise.all(
      Array.from({ length: 8 }, () => service.deliverNewEntries(feed, entries)),
    );
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(2);
    const rows = (await fixture.outbox('entry')).filter((row) => row.subject.startsWith('Echo'));
    expect(subjects(rows)).toEqual(['Echo one', 'Echo two']);
    const pending = await fixture.query<{ entry_id: string }>(
      `SELECT entry_id FROM pending_digest_items WHERE user_id = ? AND entry_id IN (?, ?)`,
      [bob.id, entries[0].id, entries[1].id],
    );
    expect(pending).toHaveLength(2);
  });
});
