import { Injectable } from '@nestjs/common';
import { AccountsService } from '../accounts/accounts.service';
import { Entry } from '../entries/entries.service';
import { Feed, FeedsService } from '../feeds/feeds.service';
import { escapeHtml } from '../mail/domain/escape-html';
import { MailService } from '../mail/mail.service';

@Injectable()
export class DeliveryService {
  constructor(
    private readonly feeds: FeedsService,
    private readonly accounts: AccountsService,
    private readonly mail: MailService,
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
        const isNew = await this.mail.sendEntry({
          dedupKey: `entry:${entry.id}:user:${user.id}`,
          to: { userId: user.id, email: user.email },
          subscriptionId: subscription.id,
          feed: { id: feed.id, title: feed.title, url: feed.url, siteUrl: feed.siteUrl },
          entry: {
            title: entry.title,
            link: entry.link,
            author: entry.author,
            published: entry.publishedAt,
            html: `<p>${escapeHtml(entry.summary ?? '')}</p>`,
          },
        });
        if (isNew) enqueued += 1;
      }
    }
    return enqueued;
  }
}
