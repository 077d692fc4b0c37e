const DAY_MS = 86_400_000;

/** How far back a post may have been first seen for its leaving the feed to be shown. */
export const REMOVAL_WATCH_MS = DAY_MS;

/** A recent entry of the feed as stored. */
export interface RecentEntry {
  id: string;
  identityHash: string;
  publishedAt: Date | null;
  firstSeenAt: Date;
  removedAt: Date | null;
}

/**
 * Which of the feed's recent entries a new body removed, and which it brought back. An entry first seen
 * within the last day counts as removed when the body no longer lists it although it still lists an
 * entry published before it: a post taken down from the middle of the feed, not the oldest ones leaving
 * a window that moved on (which is what most disappearances are). An empty body removes nothing.
 */
export function removalChanges(
  recent: readonly RecentEntry[],
  body: { identities: ReadonlySet<string>; published: readonly Date[] },
  now: Date,
): { removed: string[]; restored: string[] } {
  if (body.identities.size === 0) return { removed: [], restored: [] };
  const oldestListed = Math.min(...body.published.map((date) => date.getTime()));
  const removed = recent.filter(
    (entry) =>
      entry.removedAt === null &&
      !body.identities.has(entry.identityHash) &&
      entry.firstSeenAt.getTime() >= now.getTime() - REMOVAL_WATCH_MS &&
      entry.publishedAt !== null &&
      oldestListed < entry.publishedAt.getTime(),
  );
  const restored = recent.filter(
    (entry) => entry.removedAt !== null && body.identities.has(entry.identityHash),
  );
  return { removed: removed.map((entry) => entry.id), restored: restored.map((entry) => entry.id) };
}
