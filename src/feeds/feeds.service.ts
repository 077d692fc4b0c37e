import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository } from 'typeorm';
import { Clock } from '../common/clock';
import { NotFoundError } from '../common/errors';
import { newId, sha256Hex } from '../common/ids';
import { isUniqueViolation, parseOrThrow } from '../common/zod-errors';
import { bulkUpdate } from '../db/bulk-update';
import { placeholders, selectRows, storedValue } from '../db/raw-rows';
import { Transactions } from '../db/transactions';
import { validateFeedUrl } from './domain/feed-url';
import { SubscriptionSettings, subscriptionSettingsSchema } from './domain/subscription-settings';
import { FeedEntity } from './feed.entity';
import { SubscriptionEntity } from './subscription.entity';

export type Feed = Readonly<FeedEntity>;
export type Subscription = Readonly<SubscriptionEntity>;
/** What other modules need to name a feed (emails, push): any feed shape that has these will do. */
export type FeedRef = Pick<Feed, 'id' | 'url' | 'title' | 'siteUrl'>;
export type FeedPollUpdate = Partial<
  Pick<
    FeedEntity,
    | 'url'
    | 'title'
    | 'siteUrl'
    | 'status'
    | 'etag'
    | 'lastModified'
    | 'bodyHash'
    | 'lastOutcome'
    | 'lastPolledAt'
    | 'nextPollAt'
    | 'errorCount'
    | 'lastError'
    | 'failingSince'
    | 'brokenSince'
    | 'pollIntervalSeconds'
    | 'pushActiveUntil'
  >
>;
/**
 * A feed as a poll cycle loads it (thousands at a time): its poll state, without the timestamps a poll
 * only overwrites and the URL hash (reading those was a third of the load).
 */
export type DueFeed = Omit<Feed, 'urlHash' | 'lastPolledAt' | 'nextPollAt' | 'createdAt' | 'updatedAt'> & {
  subscribers: number;
};
/** The columns of `DueFeed`. */
const DUE_FEED_COLUMNS = [
  'id',
  'url',
  'title',
  'site_url',
  'status',
  'etag',
  'last_modified',
  'body_hash',
  'last_outcome',
  'error_count',
  'last_error',
  'failing_since',
  'broken_since',
  'poll_interval_seconds',
  'push_active_until',
].map((column) => `f.${column}`);
export interface FeedSummary extends Feed {
  subscribers: number;
}

@Injectable()
export class FeedsService {
  private readonly unsubscribeListeners: Array<(feedId: string) => Promise<void>> = [];

  constructor(
    @InjectRepository(FeedEntity) private readonly feeds: Repository<FeedEntity>,
    @InjectRepository(SubscriptionEntity) private readonly subscriptions: Repository<SubscriptionEntity>,
    private readonly transactions: Transactions,
    private readonly clock: Clock,
  ) {}

  /** Subscribes a user to a feed URL; subscribing again replaces the settings. */
  async subscribe(
    userId: string,
    url: string,
    settings: Partial<SubscriptionSettings>,
  ): Promise<Subscription> {
    const feedUrl = validateFeedUrl(url);
    const valid = parseOrThrow(subscriptionSettingsSchema, settings);
    const now = this.clock.now();
    const feed = await this.findOrCreateFeed(feedUrl, now);
    return this.transactions.run(async (manager) => {
      const repository = manager.getRepository(SubscriptionEntity);
      const existing = await repository.findOneBy({ userId, feedId: feed.id });
      return repository.save({
        ...(existing ?? { id: newId(), userId, feedId: feed.id, pausedAt: null, createdAt: now }),
        ...valid,
      });
    });
  }

  async unsubscribe(userId: string, url: string): Promise<void> {
    const feed = await this.feeds.findOneBy({ urlHash: sha256Hex(url.trim()) });
    const result = feed ? await this.subscriptions.delete({ userId, feedId: feed.id }) : undefined;
    if (!result?.affected) throw new NotFoundError(`not subscribed to ${url.trim()}`);
    await this.tellUnsubscribed(feed!.id);
  }

  /** Told after a reader leaves a feed (push subscriptions end with the feed's last reader). */
  onUnsubscribed(listener: (feedId: string) => Promise<void>): void {
    this.unsubscribeListeners.push(listener);
  }

  /** Ends one subscription by id (one-click unsubscribe); false when it was already gone. */
  async removeSubscription(subscriptionId: string): Promise<boolean> {
    const subscription = await this.subscriptions.findOneBy({ id: subscriptionId });
    const result = subscription ? await this.subscriptions.delete({ id: subscriptionId }) : undefined;
    if (!result?.affected) return false;
    await this.tellUnsubscribed(subscription!.feedId);
    return true;
  }

  async subscriptionsOfUser(userId: string): Promise<Array<Subscription & { feed: Feed }>> {
    const subscriptions = await this.subscriptions.find({ where: { userId }, order: { createdAt: 'ASC' } });
    const feeds = await this.feedsById(subscriptions.map((subscription) => subscription.feedId));
    return subscriptions.map((subscription) => ({ ...subscription, feed: feeds.get(subscription.feedId)! }));
  }

  /** One of the user's own subscriptions; another user's id is simply not found. */
  async subscriptionOfUser(userId: string, subscriptionId: string): Promise<Subscription & { feed: Feed }> {
    const subscription = await this.subscriptions.findOneBy({ id: subscriptionId, userId });
    if (!subscription) throw new NotFoundError('no such subscription');
    return { ...subscription, feed: await this.getFeed(subscription.feedId) };
  }

  /** A feed's subscriptions, oldest first (read for every new entry: no query builder). */
  subscriptionsOfFeed(feedId: string): Promise<Subscription[]> {
    return selectRows(
      this.subscriptions.manager,
      SubscriptionEntity,
      'SELECT * FROM subscriptions WHERE feed_id = ? ORDER BY created_at, id',
      [feedId],
    );
  }

  async listFeeds(): Promise<FeedSummary[]> {
    const [feeds, counts] = await Promise.all([
      this.feeds.find({ order: { createdAt: 'ASC' } }),
      this.subscriberCounts(),
    ]);
    return feeds.map((feed) => ({ ...feed, subscribers: counts.get(feed.id) ?? 0 }));
  }

  /**
   * Feeds still polled (active, or broken and waiting to recover) with at least one subscriber whose next
   * poll is due (every such feed with `all`; those of `only`, due or not). Gone feeds are never polled again.
   */
  async dueFeeds(
    now: Date,
    options: { all?: boolean; only?: readonly string[]; limit?: number } = {},
  ): Promise<DueFeed[]> {
    if (options.only?.length === 0) return [];
    // One query, no query builder: a cycle loads every due feed, thousands of rows.
    const manager = this.feeds.manager;
    const conditions = ["f.status IN ('active', 'broken')"];
    const parameters: unknown[] = [];
    if (options.only) {
      conditions.push(`f.id IN (${placeholders(options.only.length)})`);
      parameters.push(...options.only);
    } else if (!options.all) {
      conditions.push('f.next_poll_at <= ?');
      parameters.push(storedValue(manager, FeedEntity, 'nextPollAt', now));
    }
    const limit = options.limit === undefined ? '' : ` LIMIT ${Math.floor(options.limit)}`;
    const rows = await selectRows<DueFeed & { subscribers: number | string }>(
      manager,
      FeedEntity,
      `SELECT ${DUE_FEED_COLUMNS.join(', ')}, c.subscribers FROM feeds f ` +
        'JOIN (SELECT feed_id, COUNT(*) AS subscribers FROM subscriptions GROUP BY feed_id) c ON c.feed_id = f.id ' +
        `WHERE ${conditions.join(' AND ')} ORDER BY f.next_poll_at${limit}`,
      parameters,
    );
    // MySQL counts arrive as strings (BIGINT).
    return rows.map((row) => ({ ...row, subscribers: Number(row.subscribers) }));
  }

  async getFeed(feedId: string): Promise<Feed> {
    const feed = await this.feeds.findOneBy({ id: feedId });
    if (!feed) throw new NotFoundError(`no feed ${feedId}`);
    return feed;
  }

  async recordPoll(feedId: string, update: FeedPollUpdate): Promise<void> {
    const urlHash = update.url ? { urlHash: sha256Hex(update.url) } : {};
    await this.feeds.update({ id: feedId }, { ...update, ...urlHash, updatedAt: this.clock.now() });
  }

  /** Records many polls in one transaction and few statements (feeds changing the same columns share one). */
  async recordPolls(updates: ReadonlyArray<{ feedId: string; update: FeedPollUpdate }>): Promise<void> {
    if (updates.length === 0) return;
    const updatedAt = this.clock.now();
    const rows = updates.map(({ feedId, update }) => ({
      id: feedId,
      values: { ...update, ...(update.url ? { urlHash: sha256Hex(update.url) } : {}), updatedAt },
    }));
    await this.transactions.run((manager) => bulkUpdate(manager, FeedEntity, rows));
  }

  private async tellUnsubscribed(feedId: string): Promise<void> {
    for (const listener of this.unsubscribeListeners) await listener(feedId);
  }

  private async findOrCreateFeed(url: string, now: Date): Promise<Feed> {
    const urlHash = sha256Hex(url);
    const existing = await this.feeds.findOneBy({ urlHash });
    if (existing) return existing;
    const feed = this.feeds.create({
      id: newId(),
      url,
      urlHash,
      title: null,
      siteUrl: null,
      status: 'active',
      etag: null,
      lastModified: null,
      bodyHash: null,
      lastOutcome: null,
      lastPolledAt: null,
      nextPollAt: now,
      errorCount: 0,
      lastError: null,
      failingSince: null,
      brokenSince: null,
      pollIntervalSeconds: null,
      pushActiveUntil: null,
      createdAt: now,
      updatedAt: now,
    });
    try {
      await this.feeds.insert(feed); // not save: see AccountsService.addUser
      return feed;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      return this.feeds.findOneByOrFail({ urlHash });
    }
  }

  private async feedsById(ids: string[]): Promise<Map<string, Feed>> {
    const feeds = ids.length ? await this.feeds.findBy({ id: In(ids) }) : [];
    return new Map(feeds.map((feed) => [feed.id, feed]));
  }

  private async subscriberCounts(feedIds?: string[]): Promise<Map<string, number>> {
    if (feedIds?.length === 0) return new Map();
    const query = this.subscriptions
      .createQueryBuilder('subscription')
      .select('subscription.feed_id', 'feedId')
      .addSelect('COUNT(*)', 'count')
      .groupBy('subscription.feed_id');
    if (feedIds) query.where('subscription.feed_id IN (:...feedIds)', { feedIds });
    const rows = await query.getRawMany<{ feedId: string; count: string | number }>();
    return new Map(rows.map((row) => [row.feedId, Number(row.count)]));
  }
}
