import { recipientAddress } from '../feeds/domain/delivery-address';
import { Injectable } from '@nestjs/common';
import { AccountsService } from '../accounts/accounts.service';
import { FeedRef, FeedsService } from '../feeds/feeds.service';
import { MailService } from '../mail/mail.service';

/** Tells a feed's subscribers it is gone or broken: once per feed (gone) or per broken episode. */
@Injectable()
export class FeedNotices {
  constructor(
    private readonly feeds: FeedsService,
    private readonly accounts: AccountsService,
    private readonly mail: MailService,
  ) {}

  async tell(
    feed: FeedRef,
    problem: 'gone' | 'broken',
    detail: string,
    brokenSince: Date | null,
  ): Promise<void> {
    const subscriptions = await this.feeds.subscriptionsOfFeed(feed.id);
    const users = await this.accounts.findByIds(subscriptions.map((subscription) => subscription.userId));
    const subscriptionOf = new Map(subscriptions.map((subscription) => [subscription.userId, subscription]));
    const episode =
      problem === 'gone' ? `feed-gone:${feed.id}` : `feed-broken:${feed.id}:${brokenSince?.toISOString()}`;
    for (const user of users) {
      const subscription = subscriptionOf.get(user.id)!;
      // The feed's own list (List-Id, tag): a reader's filter files it with the feed's posts.
      await this.mail.sendFeedProblem({
        dedupKey: `${episode}:${user.id}`,
        to: { userId: user.id, email: recipientAddress(user.email, subscription) },
        feed: { id: feed.id, title: feed.title, url: feed.url, siteUrl: feed.siteUrl },
        problem,
        detail,
        subscriptionId: subscription.id,
        subjectTag: subscription.subjectTag,
      });
    }
  }
}
