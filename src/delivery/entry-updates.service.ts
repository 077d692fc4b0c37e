import { recipientAddress } from '../feeds/domain/delivery-address';
import { Injectable } from '@nestjs/common';
import { AccountsService } from '../accounts/accounts.service';
import { EntryRevision } from '../entries/entries.service';
import { FeedRef, FeedsService } from '../feeds/feeds.service';
import { MailService } from '../mail/mail.service';
import { materialChange } from './domain/entry-revision';
import { updateEmailKey } from './domain/update-email-key';
import { feedForEmail } from './entry-content.provider';
import { PostFatesRepository } from './post-fates.repository';

/**
 * Posts that change after they were sent: a feed re-publishing a post with a materially different
 * title or text (`materialChange`) gets one short "Updated" email to each reader who asked to be told
 * (`on_update = tell`, not paused) and got the post (its fate names an email: real time, a burst, or a
 * digest already sent), at most one per post and reader a day (the email's key). A digest not sent yet
 * tells nothing: it shows the stored post, which is the newest version.
 */
@Injectable()
export class EntryUpdatesService {
  constructor(
    private readonly feeds: FeedsService,
    private readonly accounts: AccountsService,
    private readonly fates: PostFatesRepository,
    private readonly mail: MailService,
  ) {}

  /** Returns how many "Updated" emails were enqueued. */
  async tellRevised(feed: FeedRef, revisions: readonly EntryRevision[], now: Date): Promise<number> {
    const changes = revisions.flatMap(({ entry, before }) => {
      const change = materialChange(before, entry);
      return change ? [{ entry, change }] : [];
    });
    if (changes.length === 0) return 0;
    const tellers = new Map(
      (await this.feeds.subscriptionsOfFeed(feed.id))
        .filter((subscription) => subscription.onUpdate === 'tell' && !subscription.pausedAt)
        .map((subscription) => [subscription.userId, subscription]),
    );
    if (tellers.size === 0) return 0;
    const received = (await this.fates.ofEntries(changes.map(({ entry }) => entry.id))).filter(
      (fate) =>
        tellers.has(fate.userId) && fate.emailKey !== null && ['emailed', 'digest'].includes(fate.fate),
    );
    const users = new Map(
      (await this.accounts.findByIds([...new Set(received.map((fate) => fate.userId))])).map((user) => [
        user.id,
        user,
      ]),
    );
    let enqueued = 0;
    for (const { entry, change } of changes)
      for (const fate of received.filter((one) => one.entryId === entry.id)) {
        const user = users.get(fate.userId);
        if (!user) continue;
        const isNew = await this.mail.sendEntryUpdate({
          dedupKey: updateEmailKey(entry.id, user, now),
          to: { userId: user.id, email: recipientAddress(user.email, tellers.get(user.id)!) },
          subscriptionId: tellers.get(user.id)!.id,
          feed: feedForEmail(feed),
          subjectTag: tellers.get(user.id)!.subjectTag,
          entry: { title: entry.title, link: entry.link },
          ...change,
        });
        if (isNew) enqueued += 1;
      }
    return enqueued;
  }
}
