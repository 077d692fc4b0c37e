import { Injectable } from '@nestjs/common';
import { AccountsService, User } from '../accounts/accounts.service';
import { REALTIME_EMAIL_CREDITS } from '../billing/domain/pricing';
import { Entry } from '../entries/entries.service';
import { FeedRef, FeedsService, Subscription } from '../feeds/feeds.service';
import { MailService } from '../mail/mail.service';
import { DigestRepository } from './digest.repository';
import { burstTitle, isBurst } from './domain/burst';
import { composeDigest, newestForSection } from './domain/compose-digest';
import { applyFilters, passesContentFilters } from './domain/filter-entries';
import { EntryContentProvider, feedForEmail } from './entry-content.provider';
import { RandomNumbers } from '../common/random-numbers';

/** The delivery planner: a poll's new entries become real-time emails or items waiting for a digest. */
@Injectable()
export class DeliveryService {
  constructor(
    private readonly feeds: FeedsService,
    private readonly accounts: AccountsService,
    private readonly mail: MailService,
    private readonly digests: DigestRepository,
    private readonly content: EntryContentProvider,
    private readonly random: RandomNumbers,
  ) {}

  /** Filters a poll's new entries per subscriber; returns how many real-time emails were enqueued. */
  async deliverNewEntries(feed: FeedRef, entries: readonly Entry[]): Promise<number> {
    if (entries.length === 0) return 0;
    const subscriptions = await this.feeds.subscriptionsOfFeed(feed.id);
    const users = new Map(
      (await this.accounts.findByIds(subscriptions.map((s) => s.userId))).map((u) => [u.id, u]),
    );
    const pollKey = entries.map((entry) => entry.id).sort()[0];
    let enqueued = 0;
    for (const subscription of subscriptions) {
      const user = users.get(subscription.userId);
      // A paused subscription gets nothing, not even later: resuming must not flood the reader.
      if (!user || subscription.pausedAt) continue;
      if (subscription.mode === 'realtime') {
        const kept = applyFilters(entries, subscription, () => this.random.next());
        enqueued += await this.sendRealtime(feed, user, subscription, kept, pollKey);
      } else {
        await this.digests.addPending(
          entries
            .filter((entry) => passesContentFilters(entry, subscription))
            .map((entry) => ({
              userId: user.id,
              subscriptionId: subscription.id,
              entryId: entry.id,
              cadence: subscription.mode as 'daily' | 'weekly',
              createdAt: entry.firstSeenAt,
            })),
        );
      }
    }
    return enqueued;
  }

  /** One email per entry, or one combined email when a poll brings a burst (named by the poll's first entry). */
  private async sendRealtime(
    feed: FeedRef,
    user: User,
    subscription: Subscription,
    entries: readonly Entry[],
    pollKey: string,
  ): Promise<number> {
    const to = { userId: user.id, email: user.email };
    const toEmailEntry = (entry: Entry) =>
      this.content.toEmailEntry(entry, { fullText: subscription.fullText });
    if (isBurst(entries.length)) {
      const { shown, moreCount } = newestForSection(entries);
      const isNew = await this.mail.sendDigest({
        dedupKey: `burst:${feed.id}:${pollKey}:user:${user.id}`,
        to,
        title: burstTitle(entries.length, feed.title ?? feed.url),
        sections: composeDigest([
          {
            feed: feedForEmail(feed),
            subscriptionId: subscription.id,
            entries: await Promise.all(shown.map(toEmailEntry)),
            moreCount,
          },
        ]),
        cost: REALTIME_EMAIL_CREDITS,
      });
      return isNew ? 1 : 0;
    }
    let enqueued = 0;
    for (const entry of entries) {
      const isNew = await this.mail.sendEntry({
        dedupKey: `entry:${entry.id}:user:${user.id}`,
        to,
        subscriptionId: subscription.id,
        feed: feedForEmail(feed),
        entry: await toEmailEntry(entry),
      });
      if (isNew) enqueued += 1;
    }
    return enqueued;
  }
}
