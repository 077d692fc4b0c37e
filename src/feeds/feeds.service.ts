import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository } from 'typeorm';
import { Clock } from '../common/clock';
import { NotFoundError } from '../common/errors';
import { newId, sha256Hex } from '../common/ids';
import { isUniqueViolation, parseOrThrow } from '../common/zod-errors';
import { selectRows } from '../db/raw-rows';
import { Transactions } from '../db/transactions';
import { validateFeedUrl } from './domain/feed-url';
import { SubscriptionSettings, subscriptionSettingsSchema } from './domain/subscription-settings';
import { FeedEntity } from './feed.entity';
import { SubscriptionEntity } from './subscription.entity';

export type Feed = Readonly<FeedEntity>;
export type Subscription = Readonly<SubscriptionEntity>;
/** What other modules need to name a feed (emails, push): any feed shape that has these will do. */
export type FeedRef = Pick<Feed, 'id' | 'url' | 'title' | 'siteUrl'>;
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

  async getFeed(feedId: string): Promise<Feed> {
    const feed = await this.feeds.findOneBy({ id: feedId });
    if (!feed) throw new NotFoundError(`no feed ${feedId}`);
    return feed;
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
