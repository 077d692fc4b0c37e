import { Feed, Subscription } from '../feeds/feeds.service';
import { DigestSection, FeedForEmail } from '../mail/email-models';
import type { Entry } from '../entries/entries.service';
import type { PendingDigestItem } from './digest.repository';
import { newestForSection } from './domain/compose-digest';
import { FilterRule, keepRule, keepSelection } from './domain/filter-entries';
import { isOriginOf, preferOrigins } from './domain/story-origin';
import { EmailEntryOf, feedForEmail } from './entry-content.provider';

/** The posts of a batch's issues, and each one's email version, made once for the batch. */
export interface BatchPosts {
  entries: ReadonlyMap<string, Entry>;
  emailEntryOf: EmailEntryOf;
}

/** A post a digest issue left out by its subscription's keep-k. */
interface LeftOut {
  entryId: string;
  rule: FilterRule;
}

/**
 * What composing an issue changed in its posts' fates: those keep-k left out, and those whose telling
 * moved to the origin's copy (`repeatOfEntryId` null: now the one shown).
 */
export interface IssueNotes {
  leftOut: LeftOut[];
  retold: Array<{ entryId: string; repeatOfEntryId: string | null }>;
}

/**
 * One section per subscription, its "most recent k" or "random k" chosen over the whole issue. A
 * story is shown once: by its origin's copy when that is in this issue (`preferOrigins`), else by its
 * first telling; the other feeds' copies in this issue add "also in" them.
 */
export async function issueSections(
  subscriptions: ReadonlyArray<Subscription & { feed: Feed }>,
  pending: readonly PendingDigestItem[],
  { entries, emailEntryOf }: BatchPosts,
  notes: IssueNotes,
  random: () => number,
): Promise<DigestSection[]> {
  const feeds = new Map(subscriptions.map((subscription) => [subscription.id, subscription.feed]));
  const items = preferOrigins(pending, (item) => {
    const [feed, entry] = [feeds.get(item.subscriptionId), entries.get(item.entryId)];
    return Boolean(feed && entry && isOriginOf(feed, entry.link));
  });
  // The record follows: the origin's copy is the one shown, the others repeat it.
  items.forEach((item, index) => {
    if (item.repeatOfEntryId !== pending[index].repeatOfEntryId)
      notes.retold.push({ entryId: item.entryId, repeatOfEntryId: item.repeatOfEntryId });
  });
  const firsts = items.filter((item) => !item.repeatOfEntryId);
  const alsoIn = alsoInOtherFeeds(items, subscriptions);
  const sections: DigestSection[] = [];
  for (const subscription of subscriptions) {
    if (subscription.pausedAt) continue;
    const waiting = firsts
      .filter((item) => item.subscriptionId === subscription.id)
      .flatMap((item) => entries.get(item.entryId) ?? []);
    const kept = keepSelection(waiting, subscription, random);
    const rule = keepRule(subscription);
    if (rule)
      for (const entry of waiting) if (!kept.includes(entry)) notes.leftOut.push({ entryId: entry.id, rule });
    const { shown, headlines } = newestForSection(kept);
    sections.push({
      feed: feedForEmail(subscription.feed),
      subscriptionId: subscription.id,
      subjectTag: subscription.subjectTag,
      entries: await Promise.all(
        shown.map(async (entry) => ({
          ...(await emailEntryOf(entry, subscription.fullText)),
          alsoIn: alsoIn.get(entry.id) ?? [],
        })),
      ),
      headlines,
    });
  }
  return sections;
}

/** The items of an issue whose posts it may show: first tellings, and repeats of those in the issue. */
export function toldEntryIds(pending: readonly PendingDigestItem[]): string[] {
  const inIssue = new Set(pending.filter((item) => !item.repeatOfEntryId).map((item) => item.entryId));
  return pending
    .filter((item) => !item.repeatOfEntryId || inIssue.has(item.repeatOfEntryId))
    .map((item) => item.entryId);
}

/** For each first telling in the issue, the other feeds whose repeats of it are in the issue too. */
function alsoInOtherFeeds(
  items: readonly PendingDigestItem[],
  subscriptions: ReadonlyArray<Subscription & { feed: Feed }>,
): Map<string, FeedForEmail[]> {
  const inIssue = new Set(items.filter((item) => !item.repeatOfEntryId).map((item) => item.entryId));
  const feeds = new Map(subscriptions.map((subscription) => [subscription.id, subscription.feed]));
  const alsoIn = new Map<string, FeedForEmail[]>();
  for (const item of items) {
    const feed = feeds.get(item.subscriptionId);
    if (!item.repeatOfEntryId || !inIssue.has(item.repeatOfEntryId) || !feed) continue;
    alsoIn.set(item.repeatOfEntryId, [...(alsoIn.get(item.repeatOfEntryId) ?? []), feedForEmail(feed)]);
  }
  return alsoIn;
}
