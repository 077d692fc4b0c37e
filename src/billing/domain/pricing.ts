/** One credit pays one real-time email. */
export const REALTIME_EMAIL_CREDITS = 1;

/** Emails about one post: a new post in real time, or an edited one ("Updated"). */
const ONE_POST_KINDS = new Set(['entry', 'entry-update']);

const FEEDS_PER_DIGEST_CREDIT = 5;

/** What an email's price depends on: its kind and how many feeds with new items it carries. */
export interface PricedEmail {
  kind: string;
  feedCount: number;
}

/**
 * The credits an email costs, the one place this is decided. A real-time email costs one credit, as
 * does an "Updated" email about an edited post; a
 * digest one per five feeds with new items in it, so a burst (one feed's new entries in one email)
 * costs one, like the real-time email it stands for. Service mail (sign-in, notices, support, answers
 * to reply commands and to "why") is free.
 */
export function priceEmail({ kind, feedCount }: PricedEmail): number {
  if (ONE_POST_KINDS.has(kind)) return REALTIME_EMAIL_CREDITS;
  if (kind === 'digest') return priceDigest(feedCount);
  return 0;
}

/**
 * The price list in words, from the same figures `priceEmail` uses: what the credits page and the
 * low-balance email tell readers.
 */
export function pricesInWords(): string {
  const credits = (count: number) => `${count} ${count === 1 ? 'credit' : 'credits'}`;
  return (
    `An email with one post costs ${credits(REALTIME_EMAIL_CREDITS)}; a digest costs ${credits(1)} for ` +
    `every ${FEEDS_PER_DIGEST_CREDIT} feeds with new posts in it (${credits(priceDigest(FEEDS_PER_DIGEST_CREDIT))} ` +
    `for up to ${FEEDS_PER_DIGEST_CREDIT}, ${credits(priceDigest(FEEDS_PER_DIGEST_CREDIT + 1))} for ` +
    `${FEEDS_PER_DIGEST_CREDIT + 1} to ${2 * FEEDS_PER_DIGEST_CREDIT}), whatever the number of posts. ` +
    'Sign-in links, notices and support replies are free.'
  );
}

/** A digest issue costs one credit per five feeds with new items in it, rounded up; an empty one is not sent. */
export function priceDigest(feedsWithNewItems: number): number {
  if (!Number.isInteger(feedsWithNewItems) || feedsWithNewItems < 0) {
    throw new RangeError(`expected a whole number of feeds, got ${feedsWithNewItems}`);
  }
  return Math.ceil(feedsWithNewItems / FEEDS_PER_DIGEST_CREDIT);
}
