import { comparableHost } from '../../common/comparable-url';

/**
 * The same story once, told by its origin when the reader follows it. A feed is a post's origin when
 * its site (its home page, else the feed's own URL) is on the host the post links to: a blog for its
 * own posts, not an aggregator or newsletter that relinks them. In real time an aggregator may publish a
 * blog's post before the blog's feed is polled again, so its copy waits `ORIGIN_HOLD_MS` when the reader
 * follows the origin too: if the origin's copy comes meanwhile it is sent instead and the held one is
 * taken back; if not, the held copy goes. In a digest the origin's copy is shown, "also in" the others.
 */
export const ORIGIN_HOLD_MS = 20 * 60_000;

/** A feed as far as origins go: its own URL and its site's page. */
export interface FeedSite {
  url: string;
  siteUrl: string | null;
}

/** The host of the feed's site (its page, else the feed URL). */
export function siteHostOf(feed: FeedSite): string | null {
  return comparableHost(feed.siteUrl) ?? comparableHost(feed.url);
}

/** Whether the feed is the origin of a post linking there. */
export function isOriginOf(feed: FeedSite, link: string | null): boolean {
  const host = comparableHost(link);
  return host !== null && host === siteHostOf(feed);
}

export type RealtimeTelling =
  /** The first telling: send it now. */
  | { send: 'now' }
  /** The first telling, from a feed that is not the origin, for a reader who follows the origin. */
  | { send: 'held'; until: Date }
  /** The origin's telling after another feed's: send it if that copy can still be taken back. */
  | { send: 'instead-of-held-copy' }
  /** A repeat: not sent. */
  | { send: 'never' };

export function realtimeTelling(telling: {
  isRepeat: boolean;
  isOrigin: boolean;
  readerFollowsOrigin: boolean;
  firstSeenAt: Date;
}): RealtimeTelling {
  if (telling.isRepeat) return telling.isOrigin ? { send: 'instead-of-held-copy' } : { send: 'never' };
  if (!telling.isOrigin && telling.readerFollowsOrigin)
    return { send: 'held', until: new Date(telling.firstSeenAt.getTime() + ORIGIN_HOLD_MS) };
  return { send: 'now' };
}

/** A digest item as far as repeats go: `repeatOfEntryId` names the story's first telling. */
export interface StoryItem {
  entryId: string;
  repeatOfEntryId: string | null;
}

/**
 * The items with each story told by its origin: when a story's first telling in the issue is
 * not the origin's and a repeat of it in the issue is, that repeat becomes the telling shown and the
 * others (the first included) its repeats, so that they read "also in". Order and other fields are kept.
 */
export function preferOrigins<T extends StoryItem>(items: readonly T[], isOrigin: (item: T) => boolean): T[] {
  const firsts = new Map(items.filter((item) => !item.repeatOfEntryId).map((item) => [item.entryId, item]));
  const shownInstead = new Map<string, string>();
  for (const item of items) {
    const first = item.repeatOfEntryId ? firsts.get(item.repeatOfEntryId) : undefined;
    if (first && !shownInstead.has(first.entryId) && !isOrigin(first) && isOrigin(item))
      shownInstead.set(first.entryId, item.entryId);
  }
  return items.map((item) => {
    const story = item.repeatOfEntryId ?? item.entryId;
    const origin = shownInstead.get(story);
    if (!origin || !firsts.has(story)) return item;
    return { ...item, repeatOfEntryId: item.entryId === origin ? null : origin };
  });
}
