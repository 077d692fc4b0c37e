export const DEFAULT_POLL_INTERVAL_MS = 60 * 60_000;

/** When a feed is next due: its interval after this poll. */
export function nextPollAt(now: Date, intervalMs = DEFAULT_POLL_INTERVAL_MS): Date {
  return new Date(now.getTime() + intervalMs);
}
