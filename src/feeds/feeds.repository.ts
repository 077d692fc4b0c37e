import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, IsNull, MoreThan, MoreThanOrEqual, Not, Repository } from 'typeorm';
import { newId } from '../common/ids';
import { isUniqueViolation } from '../common/zod-errors';
import { countGrouped, GroupCount } from '../db/count-grouped';
import { readInChunks, writeInChunks } from '../db/chunked';
import { selectRows } from '../db/raw-rows';
import { Transactions } from '../db/transactions';
import { SubscriptionSettings } from './domain/subscription-settings';
import { FeedEntity } from './feed.entity';
import { SubscriptionEntity } from './subscription.entity';

/**
 * The feeds module's tables: `feeds` (one row per URL, by its hash; the fetcher writes the poll state)
 * and `subscriptions` (a user's settings for one feed).
 */
@Injectable()
export class FeedsRepository {
  constructor(
    @InjectRepository(FeedEntity) private readonly feeds: Repository<FeedEntity>,
    @InjectRepository(SubscriptionEntity) private readonly subscriptions: Repository<SubscriptionEntity>,
    private readonly transactions: Transactions,
  ) {}

  /** Feeds in each status (active, broken, gone). */
  /** Feeds that failed their last polls (broken or gone first, then by errors), with their last error. */
  failing(limit: number): Promise<FeedEntity[]> {
    return this.feeds.find({
      where: { errorCount: MoreThan(0) },
      order: { errorCount: 'DESC', failingSince: 'ASC', id: 'ASC' },
      take: limit,
    });
  }

  countByStatus(): Promise<GroupCount[]> {
    return countGrouped(this.feeds, ['status']);
  }

  findByUrlHash(urlHash: string): Promise<FeedEntity | null> {
    return this.feeds.findOneBy({ urlHash });
  }

  findById(id: string): Promise<FeedEntity | null> {
    return this.feeds.findOneBy({ id });
  }

  async findByIds(ids: readonly string[]): Promise<Map<string, FeedEntity>> {
    const feeds = await readInChunks(ids, (chunk) => this.feeds.findBy({ id: In(chunk) }));
    return new Map(feeds.map((feed) => [feed.id, feed]));
  }

  /** Every feed, oldest first, with its number of subscribers. */
  async listWithSubscribers(): Promise<Array<FeedEntity & { subscribers: number }>> {
    const [feeds, counts] = await Promise.all([
      this.feeds.find({ order: { createdAt: 'ASC' } }),
      this.subscriptions
        .createQueryBuilder('subscription')
        .select('subscription.feed_id', 'feedId')
        .addSelect('COUNT(*)', 'count')
        .groupBy('subscription.feed_id')
        .getRawMany<{ feedId: string; count: string | number }>(),
    ]);
    const subscribers = new Map(counts.map((row) => [row.feedId, Number(row.count)]));
    return feeds.map((feed) => ({ ...feed, subscribers: subscribers.get(feed.id) ?? 0 }));
  }

  /** Inserts the feed, or returns the one another writer stored under the same URL meanwhile. */
  async insertOrFind(feed: FeedEntity): Promise<FeedEntity> {
    try {
      await this.feeds.insert(feed); // not save: see UsersRepository.insert
      return feed;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      return this.feeds.findOneByOrFail({ urlHash: feed.urlHash });
    }
  }

  /**
   * The user's subscription to the feed with the settings `settingsFor` gives (from the subscription's
   * own when there is one, read in the same transaction), made or changed atomically.
   */
  saveSubscription(
    userId: string,
    feedId: string,
    settingsFor: (existing: SubscriptionEntity | null) => SubscriptionSettings,
    now: Date,
  ): Promise<SubscriptionEntity> {
    return this.transactions.run(async (manager) => {
      const repository = manager.getRepository(SubscriptionEntity);
      const existing = await repository.findOneBy({ userId, feedId });
      return repository.save({
        ...(existing ?? { id: newId(), userId, feedId, pausedAt: null, createdAt: now }),
        ...settingsFor(existing),
      });
    });
  }

  /** The sealed login of a feed (the only read of that column); null for a public feed. */
  async findSealedLogin(feedId: string): Promise<string | null> {
    const feed = await this.feeds.findOne({ where: { id: feedId }, select: { id: true, authSecret: true } });
    return feed?.authSecret ?? null;
  }

  /** Points a subscription at another feed; false when its reader already follows that one. */
  async moveSubscription(subscriptionId: string, feedId: string): Promise<boolean> {
    try {
      return Boolean((await this.subscriptions.update({ id: subscriptionId }, { feedId })).affected);
    } catch (error) {
      if (isUniqueViolation(error)) return false;
      throw error;
    }
  }

  /** Points one subscription at an address (null: the account's), confirmed now or by the token's link. */
  async setDeliverTo(
    subscriptionId: string,
    deliverTo: string | null,
    confirmation: { tokenHash: string | null; confirmedAt: Date | null; linkSentAt: Date | null },
  ): Promise<void> {
    await this.subscriptions.update(
      { id: subscriptionId },
      {
        deliverTo,
        deliverToTokenHash: confirmation.tokenHash,
        deliverToConfirmedAt: confirmation.confirmedAt,
        deliverToLinkSentAt: confirmation.linkSentAt,
      },
    );
  }

  /** Whether the user already confirmed this address for one of their subscriptions. */
  async hasConfirmedDeliverTo(userId: string, deliverTo: string): Promise<boolean> {
    return this.subscriptions.existsBy({ userId, deliverTo, deliverToConfirmedAt: Not(IsNull()) });
  }

  findByDeliverToToken(tokenHash: string): Promise<SubscriptionEntity | null> {
    return this.subscriptions.findOneBy({ deliverToTokenHash: tokenHash });
  }

  /**
   * Confirms the address of the token's subscription (compare-and-set: a link works once), and the
   * same address wherever else this user waits for it; null when the token is unknown, used, or was
   * sent before `sentAfter`.
   */
  async confirmDeliverTo(tokenHash: string, now: Date, sentAfter: Date): Promise<SubscriptionEntity | null> {
    const subscription = await this.findByDeliverToToken(tokenHash);
    if (!subscription?.deliverTo) return null;
    const claimed = await this.subscriptions.update(
      {
        deliverToTokenHash: tokenHash,
        deliverToConfirmedAt: IsNull(),
        deliverToLinkSentAt: MoreThanOrEqual(sentAfter),
      },
      { deliverToTokenHash: null, deliverToConfirmedAt: now },
    );
    if (claimed.affected !== 1) return null;
    await this.subscriptions.update(
      { userId: subscription.userId, deliverTo: subscription.deliverTo, deliverToConfirmedAt: IsNull() },
      { deliverToTokenHash: null, deliverToConfirmedAt: now },
    );
    return { ...subscription, deliverToTokenHash: null, deliverToConfirmedAt: now };
  }

  findSubscription(where: { id: string; userId?: string }): Promise<SubscriptionEntity | null> {
    return this.subscriptions.findOneBy(where);
  }

  /** Removes the matching subscription; false when there was none. */
  async deleteSubscription(where: { id: string } | { userId: string; feedId: string }): Promise<boolean> {
    return Boolean((await this.subscriptions.delete(where)).affected);
  }

  subscriptionsOfUsers(userIds: readonly string[]): Promise<SubscriptionEntity[]> {
    return readInChunks(userIds, (chunk) =>
      this.subscriptions.find({ where: { userId: In(chunk) }, order: { createdAt: 'ASC' } }),
    );
  }

  /** A feed's subscriptions, oldest first (read for every new entry: no query builder). */
  subscriptionsOfFeed(feedId: string): Promise<SubscriptionEntity[]> {
    return selectRows(
      this.subscriptions.manager,
      SubscriptionEntity,
      'SELECT * FROM subscriptions WHERE feed_id = ? ORDER BY created_at, id',
      [feedId],
    );
  }

  /**
   * The readers following, in real time and not paused, a feed whose site page (else its own URL)
   * contains one of these host names: a coarse LIKE over the feeds, which the caller narrows by host.
   */
  async realtimeFollowersOfHosts(
    hosts: readonly string[],
  ): Promise<Array<{ userId: string; url: string; siteUrl: string | null }>> {
    if (hosts.length === 0) return [];
    const contains = hosts.map(() => 'COALESCE(f.site_url, f.url) LIKE ?').join(' OR ');
    const rows: Array<{ user_id: string; url: string; site_url: string | null }> =
      await this.subscriptions.manager.query(
        'SELECT s.user_id, f.url, f.site_url FROM subscriptions s JOIN feeds f ON f.id = s.feed_id ' +
          `WHERE s.mode = 'realtime' AND s.paused_at IS NULL AND (${contains})`,
        hosts.map((host) => `%${host.replace(/[\\%_]/g, '')}%`),
      );
    return rows.map((row) => ({ userId: row.user_id, url: row.url, siteUrl: row.site_url }));
  }

  /** Those of these subscriptions that still exist and belong to the reader, oldest first. */
  async subscriptionsOfUserByIds(userId: string, ids: readonly string[]): Promise<SubscriptionEntity[]> {
    const found = await readInChunks(ids, (chunk) =>
      this.subscriptions.find({ where: { id: In(chunk), userId } }),
    );
    return found.sort(
      (a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
    );
  }

  /** The paused subscriptions of these readers (ids and readers only). */
  pausedSubscriptionsOf(
    userIds: readonly string[],
  ): Promise<Array<Pick<SubscriptionEntity, 'id' | 'userId'>>> {
    return readInChunks(userIds, (chunk) =>
      this.subscriptions.find({
        select: { id: true, userId: true },
        where: { userId: In(chunk), pausedAt: Not(IsNull()) },
      }),
    );
  }

  /**
   * Changes the reader's own subscriptions among these; `pausedAtIsNull` limits it to the active (true)
   * or paused (false) ones, so that pausing twice keeps the first date.
   */
  async updateSubscriptionsOfUser(
    userId: string,
    ids: readonly string[],
    values: Partial<Pick<SubscriptionEntity, 'pausedAt' | 'mode' | 'dayOfMonth'>>,
    pausedAtIsNull?: boolean,
  ): Promise<void> {
    if (ids.length === 0) return;
    const paused =
      pausedAtIsNull === undefined ? {} : { pausedAt: pausedAtIsNull ? IsNull() : Not(IsNull()) };
    await writeInChunks(ids, (chunk) =>
      this.subscriptions.update({ id: In(chunk), userId, ...paused }, values),
    );
  }
}
