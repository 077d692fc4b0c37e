/** A permanent redirect must answer this many polls in a row before the feed's URL follows it. */
export const MOVE_AFTER_POLLS = 3;

export interface MoveState {
  url: string;
  /** Where permanent redirects have led the latest polls, and how many in a row. */
  redirectCandidate: string | null;
  redirectStreak: number;
}

export interface MoveUpdate {
  url?: string;
  movedFrom?: string;
  movedAt?: Date;
  redirectCandidate?: string | null;
  redirectStreak?: number;
}

/**
 * Follows a publisher's permanent redirect (301/308) only once it has held for MOVE_AFTER_POLLS polls
 * in a row: a redirect set by mistake, or by a captive portal, and undone the next hour, must not move
 * a feed for good. A poll answered without it starts over; a poll that got no answer (`answered`
 * false: a timeout, a refused connection) neither counts nor breaks the run. Returns only what changes.
 */
export function permanentMove(
  feed: MoveState,
  movedTo: string | null,
  answered: boolean,
  now: Date,
): MoveUpdate {
  if (!movedTo) {
    if (!answered || (feed.redirectCandidate === null && feed.redirectStreak === 0)) return {};
    return { redirectCandidate: null, redirectStreak: 0 };
  }
  const streak = movedTo === feed.redirectCandidate ? feed.redirectStreak + 1 : 1;
  if (streak < MOVE_AFTER_POLLS) return { redirectCandidate: movedTo, redirectStreak: streak };
  return { url: movedTo, movedFrom: feed.url, movedAt: now, redirectCandidate: null, redirectStreak: 0 };
}
