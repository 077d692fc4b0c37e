import { Injectable } from '@nestjs/common';
import { FeedsRepository } from './feeds.repository';
import { Feed, Subscription } from './feeds.service';
import { DeliveryMode } from './subscription.entity';

/**
 * Changes a reader makes to subscriptions they hold (by a reply command or a dashboard button):
 * pausing, resuming and the delivery cadence. Each names the subscriptions by id and touches only
 * those of that reader.
 */
@Injectable()
export class SubscriptionChangesService {
  constructor(private readonly repository: FeedsRepository) {}

  /** Those of these subscriptions that still exist and belong to the reader, with their feeds. */
  async ofUser(userId: string, ids: readonly string[]): Promise<Array<Subscription & { feed: Feed }>> {
    const subscriptions = await this.repository.subscriptionsOfUserByIds(userId, ids);
    const feeds = await this.repository.findByIds(subscriptions.map((subscription) => subscription.feedId));
    return subscriptions.map((subscription) => ({ ...subscription, feed: feeds.get(subscription.feedId)! }));
  }

  /** The paused subscriptions of these readers, by reader. */
  async pausedIdsByUser(userIds: readonly string[]): Promise<Map<string, string[]>> {
    const byUser = new Map<string, string[]>();
    for (const { id, userId } of await this.repository.pausedSubscriptionsOf(userIds))
      byUser.set(userId, [...(byUser.get(userId) ?? []), id]);
    return byUser;
  }

  /** Nothing is delivered for these until they resume; an already paused one keeps its date. */
  pause(userId: string, ids: readonly string[], at: Date): Promise<void> {
    return this.repository.updateSubscriptionsOfUser(userId, ids, { pausedAt: at }, true);
  }

  resume(userId: string, ids: readonly string[]): Promise<void> {
    return this.repository.updateSubscriptionsOfUser(userId, ids, { pausedAt: null }, false);
  }

  /** A subscription made monthly by this goes out on the 1st; one that was monthly keeps its day. */
  async setMode(userId: string, ids: readonly string[], mode: DeliveryMode): Promise<void> {
    if (mode !== 'monthly')
      return this.repository.updateSubscriptionsOfUser(userId, ids, { mode, dayOfMonth: null });
    const subscriptions = await this.repository.subscriptionsOfUserByIds(userId, ids);
    const changing = subscriptions.filter((subscription) => subscription.mode !== 'monthly');
    await this.repository.updateSubscriptionsOfUser(
      userId,
      changing.map(({ id }) => id),
      { mode, dayOfMonth: 1 },
    );
  }
}
