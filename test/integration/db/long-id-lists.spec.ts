import { DataSource } from 'typeorm';
import { AccountsService } from '../../../src/accounts/accounts.service';
import { UserEntity } from '../../../src/accounts/user.entity';
import { newId, sha256Hex } from '../../../src/common/ids';
import { insertRows, storedValue } from '../../../src/db/raw-rows';
import { DigestRepository } from '../../../src/delivery/digest.repository';
import { PostFatesRepository } from '../../../src/delivery/post-fates.repository';
import { StoryMemoryRepository } from '../../../src/delivery/story-memory.repository';
import { EntriesRepository } from '../../../src/entries/entries.repository';
import { EntryEntity } from '../../../src/entries/entry.entity';
import { FeedEntity } from '../../../src/feeds/feed.entity';
import { FeedsRepository } from '../../../src/feeds/feeds.repository';
import { SubscriptionEntity } from '../../../src/feeds/subscription.entity';
import { PollStateRepository } from '../../../src/fetcher/poll-state.repository';
import { MailSuppressionEntity } from '../../../src/mail/mail-suppression.entity';
import { OutboxEmailEntity } from '../../../src/mail/outbox-email.entity';
import { OutboxRepository } from '../../../src/mail/outbox.repository';
import { OutboxService } from '../../../src/mail/outbox.service';
import { SuppressionsRepository } from '../../../src/mail/suppressions.repository';
import { SupportRepository } from '../../../src/support/support.repository';
import { createTestApp, TestApp } from '../../support/test-app';
import { testDialects } from '../../support/test-database';

/** Rows of each kind that exist. */
const ROWS = 20_000;
/** Ids asked for: the rows and as many unknown ones, more than SQLite's 32,766 parameters in all. */
const ASKED = 33_000;

/**
 * Every statement that takes a list of ids that grows with the data, called with more ids than SQLite
 * binds in one statement ("too many SQL variables"), on the real migrations of each dialect.
 */
describe.each(testDialects())('lists of %s ids in one call', (dialect) => {
  let test: TestApp;
  let dataSource: DataSource;
  const now = new Date('2026-11-22T10:00:00Z');
  const ids = (prefix: string) =>
    Array.from({ length: ROWS }, (_, index) => `${prefix}${String(index).padStart(24, '0')}`);
  const userIds = ids('U0');
  const feedIds = ids('F0');
  const subscriptionIds = ids('S0'); // user 0 follows every feed
  const readerSubscriptionIds = ids('R0'); // every user follows feed 0
  const entryIds = ids('E0');
  const unknown = (count: number) => Array.from({ length: count }, () => newId());
  const asked = (known: readonly string[]) => [...known, ...unknown(ASKED - known.length)];
  const sorted = (values: Iterable<string>) => [...values].sort();
  const get = <T>(type: new (...args: never[]) => T) => test.app.get(type, { strict: false });

  beforeAll(async () => {
    test = await createTestApp(dialect);
    dataSource = test.app.get(DataSource);
    const manager = dataSource.manager;
    await insertRows<UserEntity>(
      manager,
      UserEntity,
      userIds.map((id, index) => ({
        id,
        email: `reader${index}@example.com`,
        timezone: 'UTC',
        digestHour: 7,
        digestWeekday: 1,
        role: 'user',
        createdAt: now,
      })),
    );
    await insertRows<FeedEntity>(
      manager,
      FeedEntity,
      feedIds.map((id, index) => ({
        id,
        url: `https://feeds.example/${index}.xml`,
        urlHash: sha256Hex(`https://feeds.example/${index}.xml`),
        status: 'active',
        nextPollAt: new Date(now.getTime() + 3_600_000),
        errorCount: 0,
        redirectStreak: 0,
        createdAt: now,
        updatedAt: now,
      })),
    );
    const subscription = (id: string, userId: string, feedId: string, index: number) => ({
      id,
      userId,
      feedId,
      mode: 'realtime' as const,
      fullText: false,
      createdAt: new Date(now.getTime() + index),
    });
    await insertRows<SubscriptionEntity>(
      manager,
      SubscriptionEntity,
      subscriptionIds.map((id, index) => subscription(id, userIds[0], feedIds[index], index)),
    );
    await insertRows<SubscriptionEntity>(
      manager,
      SubscriptionEntity,
      readerSubscriptionIds
        .slice(1)
        .map((id, index) => subscription(id, userIds[index + 1], feedIds[0], index)),
    );
    await insertRows<EntryEntity>(
      manager,
      EntryEntity,
      entryIds.map((id, index) => ({
        id,
        feedId: feedIds[0],
        identityHash: sha256Hex(`identity ${index}`),
        titleDateHash: sha256Hex(`title date ${index}`),
        link: `https://blog.example/${index}`,
        title: `Post ${index}`,
        firstSeenAt: now,
        contentHash: sha256Hex(`content ${index}`),
      })),
    );
  }, 300_000);

  afterAll(() => test.close());

  it('reads users, feeds and entries by id', async () => {
    const users = await test.app.get(AccountsService).findByIds(asked(userIds));
    expect(sorted(users.map((user) => user.id))).toEqual(userIds);
    const feeds = await get(FeedsRepository).findByIds(asked(feedIds));
    expect(sorted(feeds.keys())).toEqual(feedIds);
    const entries = await get(EntriesRepository).findByIds(asked(entryIds));
    expect(sorted(entries.map((entry) => entry.id))).toEqual(entryIds);
  });

  it("reads, pauses and lists a reader's subscriptions by id, oldest first", async () => {
    const feeds = get(FeedsRepository);
    const own = await feeds.subscriptionsOfUserByIds(
      userIds[0],
      asked([...subscriptionIds, ...readerSubscriptionIds]),
    );
    expect(own.map((row) => row.id)).toEqual(subscriptionIds);
    await feeds.updateSubscriptionsOfUser(userIds[0], asked(subscriptionIds), { pausedAt: now }, true);
    const paused = await feeds.pausedSubscriptionsOf(asked(userIds));
    expect(sorted(paused.map((row) => row.id))).toEqual(subscriptionIds);
    await feeds.updateSubscriptionsOfUser(userIds[0], subscriptionIds, { pausedAt: null }, false);
    expect(await feeds.pausedSubscriptionsOf(userIds)).toEqual([]);
  });

  it("stores a feed's body of 20,000 entries against what it knows, and plans their delivery", async () => {
    const entries = get(EntriesRepository);
    const identities = entryIds.map((_, index) => sha256Hex(`identity ${index}`));
    let known = 0;
    let knownTitleDates = 0;
    await entries.store(
      feedIds[0],
      {
        identities: asked(identities),
        titleDates: asked(entryIds.map((_, i) => sha256Hex(`title date ${i}`))),
      },
      (stored) => {
        known = stored.known.size;
        knownTitleDates = stored.memory.knownTitleDates.size;
        return { edited: [], inserted: [], unplanned: [] };
      },
    );
    expect([known, knownTitleDates]).toEqual([ROWS, ROWS]);
    await entries.markDeliveryPlanned(asked(entryIds), now);
    const [{ planned }] = await dataSource.query(
      'SELECT COUNT(*) AS planned FROM entries WHERE delivery_planned_at IS NOT NULL',
    );
    expect(Number(planned)).toBe(ROWS);
  });

  it('remembers the first telling of a story for 20,000 readers, and knows it when another feed repeats it', async () => {
    const stories = get(StoryMemoryRepository);
    const telling = (subscriptionId: (index: number) => string, entryId: string) =>
      userIds.map((userId, index) => ({
        userId,
        subscriptionId: subscriptionId(index),
        entryId,
        firstSeenAt: now,
        keys: ['story link hash', 'story text hash'].map(sha256Hex),
      }));
    const first = await stories.tell(telling((index) => readerSubscriptionIds[index], entryIds[0]));
    expect(first.filter((verdict) => verdict !== null)).toEqual([]);
    const again = await stories.tell(telling((index) => subscriptionIds[index], entryIds[1]));
    expect(again.map((verdict) => verdict?.entryId)).toEqual(userIds.map(() => entryIds[0]));
  });

  it('adds 20,000 digest items, and moves those of unpaused subscriptions into an issue', async () => {
    const digests = get(DigestRepository);
    await digests.addPending(
      entryIds.map((entryId, index) => ({
        userId: userIds[0],
        subscriptionId: subscriptionIds[index % 2],
        entryId,
        cadence: 'daily',
        createdAt: now,
        repeatOfEntryId: null,
      })),
    );
    const issue = { key: 'daily:2026-11-22', cadence: 'daily' as const, dueAt: now };
    const paused = new Set(asked([subscriptionIds[1]]));
    // Every reader asked about at once: only the first has items, and only while one feed is unpaused.
    const ofEveryReader = (pausedIds: Set<string>) =>
      userIds.map((userId) => ({ userId, issue, ...issue, paused: pausedIds }));
    expect((await digests.withItemsDue(ofEveryReader(paused))).map((one) => one.userId)).toEqual([
      userIds[0],
    ]);
    expect(await digests.withItemsDue(ofEveryReader(new Set(asked(subscriptionIds.slice(0, 2)))))).toEqual(
      [],
    );
    const claimed = await digests.claim(
      ofEveryReader(paused),
      now,
      'owner',
      new Date(now.getTime() + 15_000),
    );
    expect(claimed).toHaveLength(ROWS);
    // Claimed again (another worker): every issue exists already, so none is claimed twice.
    expect(await digests.claim(ofEveryReader(paused), now, 'other', now)).toEqual([]);
    const run = claimed.find((one) => one.userId === userIds[0])!;
    await digests.renewClaims('owner', new Date(now.getTime() + 30_000), asked(claimed.map((one) => one.id)));
    // Renewed: its lease has not run out 20 s on, so nobody takes it over.
    expect(await digests.takeOverAbandoned(new Date(now.getTime() + 20_000), 'other', now)).toEqual([]);
    const items = await digests.collectItems(
      claimed.map((one) => ({ ...issue, runId: one.id, userId: one.userId, paused })),
    );
    expect(items.get(run.id)).toHaveLength(ROWS / 2);
    expect(new Set(items.get(run.id)!.map((item) => item.subscriptionId))).toEqual(
      new Set([subscriptionIds[0]]),
    );
    await digests.finish(
      claimed.map((one) => ({ runId: one.id, status: 'empty' as const, entryCount: 0 })),
      now,
    );
    expect(await digests.waitingCadences()).toEqual([{ userId: userIds[0], cadence: 'daily' }]);
  });

  it('finds outbox rows by Message-ID and dedup key, renews their claims, and finds suppressed addresses', async () => {
    const rows = entryIds.map((_, index) => ({
      id: newId(),
      dedupKey: `entry:${index}`,
      userId: userIds[index],
      kind: 'entry',
      toAddress: `reader${index}@example.com`,
      fromAddress: 'tidings@example.com',
      subject: 'Post',
      html: '<p>Post</p>',
      text: 'Post',
      headers: {},
      messageId: `<${index}@example.com>`,
      status: 'sending' as const,
      claimedBy: 'owner',
      cost: 1,
      attempts: 0,
      nextAttemptAt: now,
      leaseUntil: now,
      createdAt: now,
      softBounces: 0,
    }));
    await insertRows<OutboxEmailEntity>(dataSource.manager, OutboxEmailEntity, rows);
    const outbox = get(OutboxRepository);
    expect(await outbox.findByMessageIds(asked(rows.map((row) => row.messageId)))).toHaveLength(ROWS);
    expect(await outbox.findByDedupKeys(asked(rows.map((row) => row.dedupKey)))).toHaveLength(ROWS);
    const later = new Date(now.getTime() + 60_000);
    await outbox.renewClaims('owner', later, asked(rows.map((row) => row.id)));
    expect(await outbox.nextDue()).toEqual(later);

    await insertRows<MailSuppressionEntity>(dataSource.manager, MailSuppressionEntity, [
      {
        id: newId(),
        address: 'reader7@example.com',
        reason: 'bounced',
        scope: 'all',
        outboxEmailId: null,
        createdAt: now,
      },
    ]);
    const suppressions = get(SuppressionsRepository);
    const addresses = asked(rows.map((row) => row.toAddress));
    expect(await suppressions.suppressedAmong(addresses)).toEqual(new Set(['reader7@example.com']));
    expect(await suppressions.withheldAmong(rows.map((row) => ({ ...row, subscriptionIds: null })))).toEqual(
      new Set([rows[7].id]),
    );
  });

  it("records the fates of 20,000 posts and 20,000 readers, marks an issue's, and reads them and their emails", async () => {
    const fates = get(PostFatesRepository);
    const fate = {
      feedId: feedIds[0],
      seenAt: now,
      fate: 'digest' as const,
      decidedAt: now,
      cadence: 'daily',
    };
    const none = { rule: null, repeatOfEntryId: null, emailKey: null };
    await fates.record(
      userIds.map((userId, index) => ({
        ...fate,
        ...none,
        entryId: entryIds[0],
        userId,
        subscriptionId: readerSubscriptionIds[index],
      })),
    );
    await fates.record(
      entryIds.map((entryId) => ({
        ...fate,
        ...none,
        entryId,
        userId: userIds[0],
        subscriptionId: subscriptionIds[0],
      })),
    );
    await fates.markInDigest([
      { userId: userIds[0], entryIds: asked(entryIds), emailKey: 'digest:U0:daily:2026-11-22' },
      ...userIds
        .slice(1)
        .map((userId) => ({ userId, entryIds: [entryIds[0]], emailKey: `digest:${userId}` })),
    ]);
    const ofUserZero = (await fates.ofEntries(asked(entryIds))).filter((one) => one.userId === userIds[0]);
    expect(ofUserZero.filter((one) => one.emailKey === 'digest:U0:daily:2026-11-22')).toHaveLength(ROWS);
    const ofPostZero = await fates.ofEntries(asked([entryIds[0]]));
    expect(ofPostZero).toHaveLength(ROWS);
    expect(ofPostZero.find((one) => one.userId === userIds[7])?.emailKey).toBe(`digest:${userIds[7]}`);
    // The reader's emails by key: another reader's are never found, however many keys are asked.
    const keys = asked(entryIds.map((_, index) => `entry:${index}`));
    expect((await get(OutboxService).emailsOf(userIds[3], keys)).map((email) => email.dedupKey)).toEqual([
      'entry:3',
    ]);
  });

  it('finds a support thread from a References header of 33,000 Message-IDs, the known one last', async () => {
    const support = get(SupportRepository);
    const { message } = await support.append(
      {
        newThread: {
          userId: null,
          fromAddress: 'reader@example.com',
          subject: 'Help',
          senderDiffers: false,
          context: null,
        },
      },
      {
        direction: 'in',
        messageId: '<known@example.com>',
        inReplyTo: null,
        fromAddress: 'reader@example.com',
        subject: 'Help',
        bodyText: 'Help',
        bodyHtml: null,
        agentUserId: null,
        envelopeSender: null,
      },
    );
    const references = [...unknown(ASKED - 1).map((id) => `<${id}@example.com>`), '<known@example.com>'];
    expect((await support.findThreadByMessageIds(references))?.id).toBe(message.threadId);
  });

  it('claims, renews and releases the polls of 20,000 feeds, and marks them due', async () => {
    const polls = get(PollStateRepository);
    const lease = { token: newId(), owner: 'worker-1', until: new Date(now.getTime() + 15_000), now };
    expect(sorted(await polls.claim(asked(feedIds), lease, null))).toEqual(feedIds);
    await polls.renewClaims('worker-1', new Date(now.getTime() + 30_000), [lease.token, ...unknown(ASKED)]);
    const held = await dataSource.query('SELECT COUNT(*) AS n FROM feeds WHERE poll_claimed_until > ?', [
      storedValue(dataSource.manager, FeedEntity, 'pollClaimedUntil', new Date(now.getTime() + 20_000)),
    ]);
    expect(Number(held[0].n)).toBe(ROWS);
    const keep = feedIds.slice(0, ROWS / 2);
    await polls.releaseClaims({ token: lease.token }, asked(keep));
    const [{ released, kept }] = await dataSource.query(
      'SELECT SUM(CASE WHEN poll_claim_token IS NULL THEN 1 ELSE 0 END) AS released, ' +
        'SUM(CASE WHEN poll_claimed_by IS NULL AND poll_claim_token IS NOT NULL THEN 1 ELSE 0 END) AS kept FROM feeds',
    );
    expect([Number(released), Number(kept)]).toEqual([ROWS / 2, ROWS / 2]);

    expect(await polls.dueFeeds(now)).toEqual([]);
    await polls.markDue(asked(feedIds), now);
    expect(await polls.dueFeeds(now)).toHaveLength(ROWS);
    const pinged = await polls.dueFeeds(now, { only: asked(feedIds) });
    expect(sorted(pinged.map((feed) => feed.id))).toEqual(feedIds);
  });
});
