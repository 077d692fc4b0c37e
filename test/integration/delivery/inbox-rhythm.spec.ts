import { User } from '../../../src/accounts/accounts.service';
import { Feed } from '../../../src/feeds/feeds.service';
import { createTestApp, TestApp } from '../../support/test-app';
import { testDialects } from '../../support/test-database';
import { DeliveryFixture } from './delivery-fixture';

describe.each(testDialects())('the reader’s inbox budget and quiet hours on %s', (dialect) => {
  let test: TestApp;
  let fixture: DeliveryFixture;

  beforeAll(async () => {
    test = await createTestApp(dialect);
    fixture = new DeliveryFixture(test);
  });

  afterAll(() => test.close());

  const publishAt = async (feed: Feed, at: string, ...titles: string[]) => {
    test.clock.set(at);
    return (
      await fixture.publish(
        feed,
        titles.map((title) => ({ title, published: at })),
      )
    ).emails;
  };
  const entryEmailsOf = async (user: User) =>
    (await fixture.outbox('entry')).filter((row) => row.to_address === user.email);

  it('sends up to the budget, says so in the last one, and the rest of the day in one catch-up at the digest hour', async () => {
    const user = await fixture.addUser('budget@example.com', {
      timezone: 'America/New_York',
      digestHour: 7,
      maxEmailsPerDay: 3,
    });
    const busy = await fixture.feed('Busy Blog', [[user, { mode: 'realtime' }]]);
    await fixture.feed('Calm Blog', [[user, { mode: 'daily' }]]);

    expect(await publishAt(busy, '2026-11-22T14:00:00Z', 'Post 1', 'Post 2')).toBe(2);
    expect(await publishAt(busy, '2026-11-22T15:00:00Z', 'Post 3', 'Post 4')).toBe(1);
    for (const [hour, titles] of [
      ['16', ['Post 5', 'Post 6']],
      ['17', ['Post 7', 'Post 8', 'Post 9']],
      ['23', ['Post 10', 'Post 11', 'Post 12']],
    ] as const)
      expect(await publishAt(busy, `2026-11-22T${hour}:00:00Z`, ...titles)).toBe(0);

    const sent = await entryEmailsOf(user);
    expect(sent.map((row) => row.subject).sort()).toEqual(['Post 1', 'Post 2', 'Post 3']);
    const notice =
      'This is email 3 of your 3 a day: the rest of today’s posts will come together in one catch-up email at 07:00. Reply “unlimited” to lift the limit.';
    expect(sent.find((row) => row.subject === 'Post 3')!.text).toContain(notice);
    expect(sent.find((row) => row.subject === 'Post 3')!.html).toContain(notice);
    expect(sent.find((row) => row.subject === 'Post 2')!.text).not.toContain('catch-up');

    // Midnight is not the catch-up's hour for a reader with a digest; nothing is sent for the calm feed.
    expect(await fixture.digestKeysAfterSending(user, '2026-11-23T05:00:00Z')).toEqual([]);
    expect(await fixture.digestKeysAfterSending(user, '2026-11-23T12:00:00Z')).toEqual([
      'catch-up:2026-11-23',
    ]);
    expect(await fixture.digestKeysAfterSending(user, '2026-11-24T12:00:00Z')).toEqual([
      'catch-up:2026-11-23',
    ]);
    const [catchUp] = await fixture.digestsOf(user);
    expect(catchUp.kind).toBe('digest'); // priced as a digest by priceEmail
    expect(catchUp.subject).toBe('Your catch-up: the posts past your daily limit');
    for (let post = 4; post <= 12; post += 1) expect(catchUp.text).toContain(`Post ${post}\n`);
    expect(catchUp.text).not.toContain('Post 3\n');

    // A new local day, a new budget.
    expect(await publishAt(busy, '2026-11-23T14:00:00Z', 'Post 13')).toBe(1);
  });

  it('sends the catch-up at local midnight to a reader with no digest', async () => {
    const user = await fixture.addUser('nodigest@example.com', {
      timezone: 'America/New_York',
      digestHour: 7,
      maxEmailsPerDay: 1,
    });
    const feed = await fixture.feed('Only Real Time', [[user, { mode: 'realtime' }]]);
    expect(await publishAt(feed, '2026-11-22T15:00:00Z', 'Morning', 'Later')).toBe(1);
    expect((await entryEmailsOf(user))[0].text).toContain('one catch-up email at 00:00');
    expect(await fixture.digestKeysAfterSending(user, '2026-11-23T04:59:00Z')).toEqual([]);
    expect(await fixture.digestKeysAfterSending(user, '2026-11-23T05:00:00Z')).toEqual([
      'catch-up:2026-11-23',
    ]);
  });

  it('holds each reader of one post to their own day, budget and quiet hours', async () => {
    const newYork = await fixture.addUser('ny@example.com', {
      timezone: 'America/New_York',
      maxEmailsPerDay: 2,
    });
    const tokyo = await fixture.addUser('tokyo@example.com', { timezone: 'Asia/Tokyo', maxEmailsPerDay: 2 });
    const resting = await fixture.addUser('rest@example.com', {
      timezone: 'Europe/Paris',
      quietHours: '14:00-16:00',
    });
    const free = await fixture.addUser('free@example.com', { timezone: 'UTC' });
    const morning = await fixture.feed('Early Edition', [
      [newYork, { mode: 'realtime' }],
      [tokyo, { mode: 'realtime' }],
    ]);
    // 23:00 of the day before in New York, 13:00 of the same day in Tokyo.
    expect(await publishAt(morning, '2026-11-22T04:00:00Z', 'Early')).toBe(2);

    const feed = await fixture.feed('Shared News', [
      [newYork, { mode: 'realtime' }],
      [tokyo, { mode: 'realtime' }],
      [resting, { mode: 'realtime' }],
      [free, { mode: 'realtime' }],
    ]);
    expect(await publishAt(feed, '2026-11-22T14:00:00Z', 'First', 'Second')).toBe(5);

    const subjects = async (user: User) => (await entryEmailsOf(user)).map((row) => row.subject).sort();
    expect(await subjects(newYork)).toEqual(['Early', 'First', 'Second']);
    expect(await subjects(tokyo)).toEqual(['Early', 'First']);
    expect(await subjects(resting)).toEqual([]);
    expect(await subjects(free)).toEqual(['First', 'Second']);
    const budgetReached = 'This is email 2 of your 2 a day';
    expect((await entryEmailsOf(newYork)).find((row) => row.subject === 'Second')!.text).toContain(
      budgetReached,
    );
    expect((await entryEmailsOf(tokyo)).find((row) => row.subject === 'First')!.text).toContain(
      budgetReached,
    );
    expect(await fixture.digestKeysAfterSending(resting, '2026-11-22T15:00:00Z')).toEqual([
      'quiet:2026-11-22T16:00',
    ]);
    expect(await fixture.digestKeysAfterSending(tokyo, '2026-11-23T00:00:00Z')).toEqual([
      'catch-up:2026-11-23',
    ]);
  });

  it('holds the budget when several feeds of the reader are delivered at the same time', async () => {
    const user = await fixture.addUser('busy@example.com', {
      timezone: 'Europe/Berlin',
      digestHour: 7,
      maxEmailsPerDay: 3,
    });
    const first = await fixture.feed('Morning Post', [[user, { mode: 'realtime' }]]);
    expect(await publishAt(first, '2026-11-22T09:00:00Z', 'Early one', 'Early two')).toBe(2);
    const feeds = await Promise.all(
      [1, 2, 3, 4, 5, 6].map((n) => fixture.feed(`Wire ${n}`, [[user, { mode: 'realtime' }]])),
    );
    test.clock.set('2026-11-22T10:00:00Z');
    const stored = await Promise.all(
      feeds.map((feed, n) => fixture.store(feed, [{ title: `Wire ${n + 1} news` }])),
    );
    // As workers polling these feeds at once would: on MariaDB each delivery on its own connection.
    const enqueued = await Promise.all(feeds.map((feed, n) => fixture.deliver(feed, stored[n])));

    expect(enqueued.reduce((sum, count) => sum + count, 0)).toBe(1);
    const sent = await entryEmailsOf(user);
    expect(sent).toHaveLength(3);
    expect(sent.filter((row) => row.text.includes('This is email 3 of your 3 a day'))).toHaveLength(1);
    expect(await fixture.digestKeysAfterSending(user, '2026-11-23T06:00:00Z')).toEqual([
      'catch-up:2026-11-23',
    ]);
    const [catchUp] = await fixture.digestsOf(user);
    expect([...catchUp.text.matchAll(/Wire \d news\n/g)]).toHaveLength(5);
  });

  it('holds real-time mail during quiet hours and releases it once, as one email, when they end', async () => {
    const user = await fixture.addUser('night@example.com', {
      timezone: 'Europe/Paris',
      quietHours: '22:00-07:00',
    });
    const feed = await fixture.feed('Night Owl', [[user, { mode: 'realtime' }]]);
    expect(await publishAt(feed, '2026-11-22T20:30:00Z', 'Before the night')).toBe(1);
    expect(await publishAt(feed, '2026-11-22T21:30:00Z', 'At 22:30')).toBe(0);
    expect(await publishAt(feed, '2026-11-23T00:30:00Z', 'At 01:30', 'Also at 01:30')).toBe(0);
    expect(await fixture.digestKeysAfterSending(user, '2026-11-23T05:59:00Z')).toEqual([]);
    expect(await fixture.digestKeysAfterSending(user, '2026-11-23T06:00:00Z')).toEqual([
      'quiet:2026-11-23T07:00',
    ]);
    expect(await fixture.digestKeysAfterSending(user, '2026-11-23T06:30:00Z')).toEqual([
      'quiet:2026-11-23T07:00',
    ]);
    const [released] = await fixture.digestsOf(user);
    expect(released.subject).toBe('Posts from your quiet hours');
    for (const title of ['At 22:30', 'At 01:30', 'Also at 01:30']) expect(released.text).toContain(title);
    expect(released.text).not.toContain('Before the night');
    expect(await publishAt(feed, '2026-11-23T07:00:00Z', 'Morning news')).toBe(1);
  });
});
