import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, IsNull, Not, Repository } from 'typeorm';
import { FeedEntity } from './feed.entity';
import { Feed, Subscription } from './feeds.service';
import { DeliveryMode, SubscriptionEntity } from './subscription.entity';

/**
 * Changes a reader makes to subscriptions they hold (by a reply command or a dashboard button):
 * pausing, resuming and the delivery cadence. Each names the subscriptions by id and touches only
 * those of that reader.
 */
@Injectable()
export class SubscriptionChangesService {
  constructor(
    @InjectRepository(SubscriptionEntity) private readonly subscriptions: Repository<SubscriptionEntity>,
    @InjectRepository(FeedEntity) private readonly feeds: Repository<FeedEntity>,
  ) {}

  /** Those of these subscriptions that still exist and belong to the reader, with their feeds. */
  async ofUser(userId: string, ids: readonly string[]): Promise<Array<Subscription & { feed: Feed }>> {
    if (ids.length === 0) return [];
    const subscriptions = await this.subscriptions.find({
      where: { id: In([...ids]), userId },
      order: { createdAt: 'ASC', id: 'ASC' },
    });
    const feeds = subscriptions.length
      ? await this.feeds.findBy({ id: In(subscriptions.map((subscription) => subscription.feedId)) })
      : [];
    const byId = new Map(feeds.map((feed) => [feed.id, feed]));
    return subscriptions.map((subscription) => ({ ...subscription, feed: byId.get(subscription.feedId)! }));
  }

  /** The paused subscriptions of these readers, by reader. */
  async pausedIdsByUser(userIds: readonly string[]): Promise<Map<string, string[]>> {
    const paused = userIds.length
      ? await this.subscriptions.find({
          select: { id: true, userId: true },
          where: { userId: In([...userIds]), pausedAt: Not(IsNull()) },
        })
      : [];
    const byUser = new Map<string, string[]>();
    for (const { id, userId } of paused) byUser.set(userId, [...(byUser.get(userId) ?? []), id]);
    return byUser;
  }

  /** Nothing is delivered for these until they resume; an already paused one keeps its date. */
  async pause(userId: string, ids: readonly string[], at: Date): Promise<void> {
    if (ids.length)
      await this.subscriptions.update({ id: In([...ids]), userId, pausedAt: IsNull() }, { pausedAt: at });
  }

  async resume(userId: string, ids: readonly string[]): Promise<void> {
    if (ids.length)
      await this.subscriptions.update(
        { id: In([...ids]), userId, pausedAt: Not(IsNull()) },
        { pausedAt: null },
      );
  }

  async setMode(userId: string, ids: readonly string[], mode: DeliveryMode): Promise<void> {
    if (ids.length) await this.subscriptions.update({ id: In([...ids]), userId }, { mode });
  }
}
