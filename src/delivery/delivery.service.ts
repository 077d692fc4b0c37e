import { Injectable } from '@nestjs/common';
import { AccountsService } from '../accounts/accounts.service';
import { Entry } from '../entries/entries.service';
import { Feed, FeedsService } from '../feeds/feeds.service';
import { OutboxService } from '../mail/outbox.service';
import { composeEntryEmail } from './domain/compose-entry-email';

@Injectable()
export class DeliveryService {
  constructor(
    private readonly feeds: FeedsService,
    private readonly accounts: AccountsService,
    private readonly outbox: OutboxService,
  ) {}

  /** Turns a poll's new entries into emails for the feed's real-time subscribers; returns how many. */
  async deliverNewEntries(feed: Feed, entries: readonly Entry[]): Promise<number> {
    if (entries.length === 0) return 0;
    const subscriptions = (await this.feeds.subscriptionsOfFeed(feed.id)).filter(
      (s) => s.mode === 'realtime',
    );
    const users = new Map(
      (await this.accounts.findByIds(subscriptions.map((s) => s.userId))).map((u) => [u.id, u]),
    );
    let enqueued = 0;
    for (const subscription of subscriptions) {
      const user = users.get(subscription.userId);
      if (!user) continue;
      for (const entry of entries) {
        const email = composeEntryEmail(feed.title ?? feed.url, entry);
        const isNew = await this.outbox.enqueue({
          dedupKey: `entry:${entry.id}:user:${user.id}`,
          userId: user.id,
          kind: 'entry',
          to: user.email,
          fromName: feed.title ?? undefined,
          ...email,
        });
        if (isNew) enqueued += 1;
      }
    }
    return enqueued;
  }
}
