import { isRemembered } from './story-keys';

/** One entry about to reach one reader through one subscription, with its story keys. */
export interface Telling {
  entryId: string;
  subscriptionId: string;
  firstSeenAt: Date;
  keys: readonly string[];
}

/** Which entry first told a reader a story (one row per reader and story key). */
export interface StoryOwner {
  storyHash: string;
  entryId: string;
  subscriptionId: string;
  firstSeenAt: Date;
}

/**
 * The earlier telling this one repeats, or null when it is the first: a story key of the reader's that
 * another subscription's entry holds and that is still remembered. (A feed repeating its own story is
 * the entries module's business.) The caller claims the keys before asking, so that of two feeds
 * bringing the same story at once, the one whose claim landed first holds every shared key.
 */
export function earlierTelling(telling: Telling, owners: readonly StoryOwner[]): StoryOwner | null {
  const earlier = owners.filter(
    (owner) =>
      telling.keys.includes(owner.storyHash) &&
      owner.subscriptionId !== telling.subscriptionId &&
      owner.entryId !== telling.entryId &&
      isRemembered(owner.firstSeenAt, telling.firstSeenAt),
  );
  return earlier.sort((a, b) => (a.entryId < b.entryId ? -1 : 1))[0] ?? null;
}

/** The reader's key rows this telling takes over: forgotten ones that another entry held. */
export function forgottenKeys(telling: Telling, owners: readonly StoryOwner[]): StoryOwner[] {
  return owners.filter(
    (owner) =>
      telling.keys.includes(owner.storyHash) &&
      owner.entryId !== telling.entryId &&
      !isRemembered(owner.firstSeenAt, telling.firstSeenAt),
  );
}
