/** One credit pays one real-time email. */
export const REALTIME_EMAIL_CREDITS = 1;

const FEEDS_PER_DIGEST_CREDIT = 5;

/** What an email's price depends on: its kind and how many feeds with new items it carries. */
export interface PricedEmail {
  kind: string;
  feedCount: number;
}

/**
 * The credits an email costs, the one place this is decided. A real-time email costs one credit; a
 * digest one per five feeds with new items in it, so a burst (one feed's new entries in one email)
 * costs one, like the real-time email it stands for. Service mail (sign-in, notices, support) is free.
 */
export function priceEmail({ kind, feedCount }: PricedEmail): number {
  if (kind === 'entry') return REALTIME_EMAIL_CREDITS;
  if (kind === 'digest') return priceDigest(feedCount);
  return 0;
}

/** A digest issue costs one credit per five feeds with new items in it, rounded up; an empty one is not sent. */
export function priceDigest(feedsWithNewItems: number): number {
  if (!Number.isInteger(feedsWithNewItems) || feedsWithNewItems < 0) {
    throw new RangeError(`expected a whole number of feeds, got ${feedsWithNewItems}`);
  }
  return Math.ceil(feedsWithNewItems / FEEDS_PER_DIGEST_CREDIT);
}
