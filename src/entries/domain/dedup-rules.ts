const DAY = 86_400_000;
/** A post dated more than this after now is not believed: its date falls back like a missing one. */
const FUTURE_TOLERANCE_MS = DAY;

/** Why an entry is or is not delivered. Everything but `known` is stored, so its identity is remembered. */
export type DedupVerdict =
  | 'known'
  | 'new'
  | 'same-title-and-date'
  | 'older-than-a-year'
  | 'older-than-tenth-newest'
  | 'week-older-than-newest';

/** What the feed's store knew before this poll. */
export interface FeedMemory {
  knownIdentities: ReadonlySet<string>;
  knownTitleDates: ReadonlySet<string>;
  /** Published dates of the feed's newest known entries, newest first (up to ten). */
  newestPublished: readonly Date[];
}

const believable = (date: Date | null, now: Date) =>
  date && date.getTime() <= now.getTime() + FUTURE_TOLERANCE_MS ? date : null;

/** The date to believe: published, else updated, else when we first saw it (future dates are not believed). */
export function effectivePublished(entry: { published: Date | null; updated: Date | null }, now: Date): Date {
  return believable(entry.published, now) ?? believable(entry.updated, now) ?? now;
}

/** A known entry that the feed re-issues with a (believable) updated or published date newer than stored. */
export function isReissuedNewer(
  stored: { publishedAt: Date | null; updatedAt: Date | null },
  incoming: { published: Date | null; updated: Date | null },
  now: Date,
): boolean {
  const isNewer = (date: Date | null, than: Date | null) => {
    const trusted = believable(date, now);
    return trusted !== null && (than === null || trusted.getTime() > than.getTime());
  };
  return (
    isNewer(incoming.updated, stored.updatedAt) ||
    (stored.publishedAt !== null && isNewer(incoming.published, stored.publishedAt))
  );
}

/**
 * Decides whether an entry is new. A publisher that re-issues its IDs (new URLs for old posts) must not
 * resend its archive: an entry with a published date is ignored when it is older than a year, older than
 * the feed's tenth newest known entry, or more than a week older than the newest one; and an entry with
 * the same title and published date as a known one is that entry.
 */
export function dedupVerdict(
  entry: { identityHash: string; titleDateHash: string | null; published: Date | null },
  memory: FeedMemory,
  now: Date,
): DedupVerdict {
  if (memory.knownIdentities.has(entry.identityHash)) return 'known';
  if (entry.titleDateHash && memory.knownTitleDates.has(entry.titleDateHash)) return 'same-title-and-date';
  const published =
    entry.published && entry.published.getTime() <= now.getTime() + FUTURE_TOLERANCE_MS
      ? entry.published
      : null;
  if (!published) return 'new';
  if (published.getTime() < now.getTime() - 365 * DAY) return 'older-than-a-year';
  const [newest] = memory.newestPublished;
  const tenth = memory.newestPublished[9];
  if (tenth && published < tenth) return 'older-than-tenth-newest';
  if (newest && published.getTime() < newest.getTime() - 7 * DAY) return 'week-older-than-newest';
  return 'new';
}
