import { User } from '../accounts/accounts.service';
import { Entry } from '../entries/entries.service';
import { recipientAddress } from '../feeds/domain/delivery-address';
import { FeedRef, Subscription } from '../feeds/feeds.service';
import { EntryEmail, RealtimeEmail } from '../mail/email-models';
import { burstTitle, isBurst } from './domain/burst';
import { composeDigest, newestForSection } from './domain/compose-digest';
import { EmailEntryOf, feedForEmail } from './entry-content.provider';
import { AdmittedEntries } from './inbox-rhythm.service';

/** A real-time reader's entries of one poll: those that go now, and those held for their origin's copy. */
export interface RealtimeReader {
  user: User;
  subscription: Subscription;
  now: Entry[];
  held: Array<{ entry: Entry; until: Date; reason: string }>;
}

/**
 * A reader's real-time emails of one poll: one per entry admitted now, or one combined email when the
 * poll brings a burst (named by the poll's first entry), the last of them carrying the notice, if any;
 * then one per held entry, on hold.
 */
export async function realtimeEmails(
  feed: FeedRef,
  { user, subscription, held }: RealtimeReader,
  { now: entries, notice }: AdmittedEntries,
  pollKey: string,
  emailEntryOf: EmailEntryOf,
): Promise<RealtimeEmail[]> {
  const to = { userId: user.id, email: recipientAddress(user.email, subscription) };
  const withNotice = notice ? { notice } : {};
  const emailOf = async (
    entry: Entry,
    extra: Pick<EntryEmail, 'hold' | 'notice'>,
  ): Promise<RealtimeEmail> => ({
    entry: {
      dedupKey: entryEmailKey(entry.id, user.id),
      to,
      subscriptionId: subscription.id,
      subjectTag: subscription.subjectTag,
      feed: feedForEmail(feed),
      entry: await emailEntryOf(entry, subscription.fullText),
      ...extra,
    },
  });
  const heldEmails = await Promise.all(
    held.map(({ entry, until, reason }) => emailOf(entry, { hold: { until, reason } })),
  );
  if (!isBurst(entries.length))
    return [
      ...(await Promise.all(
        entries.map((entry, index) => emailOf(entry, index === entries.length - 1 ? withNotice : {})),
      )),
      ...heldEmails,
    ];
  const { shown, headlines } = newestForSection(entries);
  const burst = {
    dedupKey: burstEmailKey(feed.id, pollKey, user.id),
    to,
    title: burstTitle(entries.length, feed.title ?? feed.url),
    isBurst: true,
    sections: composeDigest([
      {
        feed: feedForEmail(feed),
        subscriptionId: subscription.id,
        subjectTag: subscription.subjectTag,
        entries: await Promise.all(shown.map((entry) => emailEntryOf(entry, subscription.fullText))),
        headlines,
      },
    ]),
    ...withNotice,
  };
  return [{ burst }, ...heldEmails];
}

/** The key of the one email a burst of one poll becomes for one reader. */
export function burstEmailKey(feedId: string, pollKey: string, userId: string): string {
  return `burst:${feedId}:${pollKey}:user:${userId}`;
}

/** The key of one entry's real-time email to one reader (what a held copy is withdrawn by). */
export function entryEmailKey(entryId: string, userId: string): string {
  return `entry:${entryId}:user:${userId}`;
}
