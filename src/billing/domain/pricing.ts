/** One credit pays one real-time email (a burst collapsed into one email included). */
export const REALTIME_EMAIL_CREDITS = 1;

const FEEDS_PER_DIGEST_CREDIT = 5;

/** A digest issue costs one credit per five feeds with new items in it, rounded up; an empty one is not sent. */
export function priceDigest(feedsWithNewItems: number): number {
  if (!Number.isInteger(feedsWithNewItems) || feedsWithNewItems < 0) {
    throw new RangeError(`expected a whole number of feeds, got ${feedsWithNewItems}`);
  }
  return Math.ceil(feedsWithNewItems / FEEDS_PER_DIGEST_CREDIT);
}
