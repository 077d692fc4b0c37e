import { DigestRepository } from '../../../src/delivery/digest.repository';
import { FeedsService } from '../../../src/feeds/feeds.service';
import { SubscriptionChangesService } from '../../../src/feeds/subscription-changes.service';
import { expectInOrder } from '../../support/expect-in-order';
import { createTestApp, TestApp } from '../../support/test-app';
import { testDialects } from '../../support/test-database';
import { DeliveryFixture } from './delivery-fixture';

describe.each(testDialects())('digests on %s', (dialect) => {
  let test: TestApp;
  let fixture: DeliveryFixture;
  let users = 0;

  beforeAll(async () => {
    test = await createTestApp(dialect);
    fixture = new DeliveryFixture(test);
  });

  afterAll(() => test.close());

  /** A user with one daily (or weekly) subscription; `publish(at, titles)` adds posts at that instant. */
  async function reader(settings: Record<string, unknown>, mode: 'daily' | 'weekly' = 'daily') {
    const user = await fixture.addUser(`reader${(users += 1)}@example.com`, settings);
    const feed = await fixture.feed(`Feed of reader ${users}`, [[user, { mode }]]);
    const publish = async (at: string, ...titles: string[]) => {
      test.clock.set(at);
      await fixture.publish(
        feed,
        titles.map((title) => ({ title })),
      );
    };
    return { user, feed, publish, keysAt: (at: string) => fixture.digestKeysAfterSending(user, at) };
  }

  it('sends one digest at the local hour, grouped by feed, and nothing when there is nothing new', async () => {
    const user = await fixture.addUser('calm@example.com', { timezone: 'America/New_York', digestHour: 7 });
    const beta = await fixture.feed('Beta Weekly', [[user, { mode: 'daily' }]]);
    const alpha = await fixture.feed('alpha notes', [[user, { mode: 'daily', keepRecent: 2 }]]);
    test.clock.set('2026-11-21T15:00:00Z');
    await fixture.publish(beta, [{ title: 'Beta one', published: '2026-11-21T14:00:00Z' }]);
    await fixture.publish(alpha, [
      { title: 'Alpha old', published: '2026-11-20T09:00:00Z' },
      { title: 'Alpha newest', published: '2026-11-21T09:00:00Z' },
    ]);
    test.clock.set('2026-11-21T20:00:00Z');
    await fixture.publish(alpha, [{ title: 'Alpha middle', published: '2026-11-20T20:00:00Z' }]);

    expect(await fixture.digestKeysAfterSending(user, '2026-11-22T11:59:59Z')).toEqual([]);
    expect(await fixture.digestKeysAfterSending(user, '2026-11-22T12:00:00Z')).toEqual(['daily:2026-11-22']);
    const [digest] = await fixture.digestsOf(user);
    expect(digest.subject).toBe('Your daily digest');
    expect(digest.to_address).toBe('calm@example.com');
    expectInOrder(digest.text, ['alpha notes', 'Beta Weekly']);
    expectInOrder(digest.text, ['Alpha newest', 'Alpha middle', 'Beta one']);
    expect(digest.text).not.toContain('Alpha old');

    expect(await fixture.digestKeysAfterSending(user, '2026-11-22T12:05:00Z')).toEqual(['daily:2026-11-22']);
    expect(await fixture.digestKeysAfterSending(user, '2026-11-23T12:00:00Z')).toEqual(['daily:2026-11-22']);
  });

  it('fires once, just after the gap, when New York springs forward over the digest hour', async () => {
    const { publish, keysAt } = await reader({ timezone: 'America/New_York', digestHour: 2 });
    await publish('2026-03-07T20:00:00Z', 'Before the change');
    expect(await keysAt('2026-03-08T06:59:00Z')).toEqual([]);
    expect(await keysAt('2026-03-08T07:00:00Z')).toEqual(['daily:2026-03-08']);
    expect(await keysAt('2026-03-08T08:00:00Z')).toEqual(['daily:2026-03-08']);
  });

  it('fires once when New York falls back through the digest hour', async () => {
    const { publish, keysAt } = await reader({ timezone: 'America/New_York', digestHour: 1 });
    await publish('2026-10-31T20:00:00Z', 'Saturday post');
    expect(await keysAt('2026-11-01T04:59:00Z')).toEqual([]);
    expect(await keysAt('2026-11-01T05:00:00Z')).toEqual(['daily:2026-11-01']);
    await publish('2026-11-01T05:30:00Z', 'Between the two 1 a.m.');
    expect(await keysAt('2026-11-01T06:00:00Z')).toEqual(['daily:2026-11-01']);
    expect(await keysAt('2026-11-02T06:00:00Z')).toEqual(['daily:2026-11-01', 'daily:2026-11-02']);
  });

  it('fires once, just after the gap, when Sydney springs forward over the digest hour', async () => {
    const { publish, keysAt } = await reader({ timezone: 'Australia/Sydney', digestHour: 2 });
    await publish('2026-10-03T10:00:00Z', 'Spring');
    expect(await keysAt('2026-10-03T15:59:00Z')).toEqual([]);
    expect(await keysAt('2026-10-03T16:00:00Z')).toEqual(['daily:2026-10-04']);
  });

  it('fires once when Sydney falls back through the digest hour', async () => {
    const { publish, keysAt } = await reader({ timezone: 'Australia/Sydney', digestHour: 2 });
    await publish('2026-04-04T10:00:00Z', 'Autumn');
    expect(await keysAt('2026-04-04T15:00:00Z')).toEqual(['daily:2026-04-05']);
    await publish('2026-04-04T15:30:00Z', 'Between the two 2 a.m.');
    expect(await keysAt('2026-04-04T16:00:00Z')).toEqual(['daily:2026-04-05']);
    expect(await keysAt('2026-04-05T16:00:00Z')).toEqual(['daily:2026-04-05', 'daily:2026-04-06']);
  });

  it('sends a weekly digest on its local weekday only', async () => {
    const { publish, keysAt, user } = await reader(
      { timezone: 'America/New_York', digestHour: 9, digestWeekday: 3 },
      'weekly',
    );
    await publish('2026-11-16T15:00:00Z', 'Monday post');
    expect(await keysAt('2026-11-17T14:00:00Z')).toEqual([]);
    expect(await keysAt('2026-11-18T14:00:00Z')).toEqual(['weekly:2026-11-18']);
    expect((await fixture.digestsOf(user))[0].subject).toBe('Your weekly digest');
  });

  it('catches up once after downtime: the missed issue goes out when the service returns', async () => {
    const { publish, keysAt } = await reader({ timezone: 'UTC', digestHour: 7 });
    await publish('2026-11-20T10:00:00Z', 'Written before the outage');
    expect(await keysAt('2026-11-22T09:30:00Z')).toEqual(['daily:2026-11-22']);
    expect(await keysAt('2026-11-22T09:31:00Z')).toEqual(['daily:2026-11-22']);
  });

  it('takes over an issue whose process died midway, within 30 s: its heartbeat stopped', async () => {
    const { user, publish, keysAt } = await reader({ timezone: 'UTC', digestHour: 7 });
    await publish('2026-11-22T05:00:00Z', 'Interrupted');
    const issue = {
      cadence: 'daily' as const,
      key: 'daily:2026-11-22',
      dueAt: new Date('2026-11-22T07:00:00Z'),
    };
    const dead = 'other-host:4242:dead';
    const claimed = await test.app
      .get(DigestRepository)
      .claim([{ userId: user.id, issue }], issue.dueAt, dead, new Date('2026-11-22T07:00:15Z'));
    expect(claimed).toHaveLength(1);
    expect(await keysAt('2026-11-22T07:00:10Z')).toEqual([]);
    expect(await keysAt('2026-11-22T07:00:30Z')).toEqual(['daily:2026-11-22']);
    expect(await keysAt('2026-11-22T07:20:00Z')).toEqual(['daily:2026-11-22']);
  });

  it('keeps sending to others when one stored schedule is broken', async () => {
    const broken = await reader({ timezone: 'UTC', digestHour: 7 });
    const healthy = await reader({ timezone: 'UTC', digestHour: 7 });
    await broken.publish('2026-11-22T05:00:00Z', 'Lost in space');
    await healthy.publish('2026-11-22T05:00:00Z', 'Down to earth');
    await fixture.query(`UPDATE users SET timezone = 'Mars/Olympus' WHERE id = ?`, [broken.user.id]);
    expect(await healthy.keysAt('2026-11-22T07:00:00Z')).toEqual(['daily:2026-11-22']);
    expect(await broken.keysAt('2026-11-22T07:00:00Z')).toEqual([]);
  });

  it('drops pending items when the reader unsubscribes', async () => {
    const { user, feed, publish, keysAt } = await reader({ timezone: 'UTC', digestHour: 7 });
    await publish('2026-11-22T05:00:00Z', 'Never sent');
    await test.app.get(FeedsService).unsubscribe(user.id, feed.url);
    expect(await keysAt('2026-11-22T07:00:00Z')).toEqual([]);
  });

  it('leaves a paused feed out: what waited before keeps waiting, nothing is saved meanwhile', async () => {
    const user = await fixture.addUser('pauser@example.com');
    const paused = await fixture.feed('Paused Feed', [[user, { mode: 'daily' }]]);
    const active = await fixture.feed('Active Feed', [[user, { mode: 'daily' }]]);
    const changes = test.app.get(SubscriptionChangesService);
    const subscription = (await test.app.get(FeedsService).subscriptionsOfUser(user.id)).find(
      (candidate) => candidate.feedId === paused.id,
    )!;
    test.clock.set('2026-11-22T05:00:00Z');
    await fixture.publish(paused, [{ title: 'Before the pause' }]);
    await changes.pause(user.id, [subscription.id], test.clock.now());
    await fixture.publish(paused, [{ title: 'While paused' }]);
    expect(await fixture.digestKeysAfterSending(user, '2026-11-22T07:00:00Z')).toEqual([]);
    await fixture.publish(active, [{ title: 'Active post' }]);

    expect(await fixture.digestKeysAfterSending(user, '2026-11-23T07:00:00Z')).toEqual(['daily:2026-11-23']);
    const [first] = await fixture.digestsOf(user);
    expect(first.text).toContain('Active post');
    expect(first.text).not.toContain('Paused Feed');

    await changes.resume(user.id, [subscription.id]);
    test.clock.set('2026-11-23T09:00:00Z');
    await fixture.publish(paused, [{ title: 'After the resume' }]);
    await fixture.sendDue('2026-11-24T07:00:00Z');
    const [, second] = await fixture.digestsOf(user);
    expect(second.text).toContain('Before the pause');
    expect(second.text).toContain('After the resume');
    expect(second.text).not.toContain('While paused');
  });
});
