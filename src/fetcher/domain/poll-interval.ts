/** How often a feed is polled: adapted to how often it publishes, lengthened by cache hints, jittered. */
export interface PollIntervalLimits {
  floorMs: number;
  ceilingMs: number;
}

const HOUR = 3_600_000;
/** Until a feed has shown how often it publishes. */
export const DEFAULT_POLL_INTERVAL_MS = HOUR;

/**
 * Half the median gap between the feed's recent posts (so a new post waits at most about half its usual
 * gap), lengthened by what the server asked for (max-age, Expires, RSS ttl), within the floor and ceiling.
 */
export function adaptiveIntervalMs(
  recentPostTimes: readonly Date[],
  hints: { freshnessMs: number; ttlMinutes: number | null },
  limits: PollIntervalLimits,
): number {
  const times = recentPostTimes.map((date) => date.getTime()).sort((a, b) => b - a);
  const gaps = times
    .slice(1)
    .map((time, index) => times[index] - time)
    .filter((gap) => gap > 0);
  const publishing = gaps.length ? median(gaps) / 2 : DEFAULT_POLL_INTERVAL_MS;
  const asked = Math.max(hints.freshnessMs, (hints.ttlMinutes ?? 0) * 60_000);
  return clamp(Math.max(publishing, asked), limits);
}

/** The interval of an unchanged feed: the one chosen at its last parse, lengthened by cache hints. */
export function keptIntervalMs(
  knownSeconds: number | null,
  freshnessMs: number,
  limits: PollIntervalLimits,
): number {
  return clamp(Math.max((knownSeconds ?? DEFAULT_POLL_INTERVAL_MS / 1000) * 1000, freshnessMs), limits);
}

/** Exponential back-off after consecutive failures, from the floor up to the ceiling. */
export function backoffIntervalMs(consecutiveFailures: number, limits: PollIntervalLimits): number {
  const exponent = Math.min(Math.max(consecutiveFailures - 1, 0), 30);
  return clamp(limits.floorMs * 2 ** exponent, limits);
}

/** How rarely a feed whose publisher pushes to us (an active WebSub lease) is still polled, in case the hub fails. */
export const PUSH_SAFETY_INTERVAL_MS = 12 * HOUR;

/**
 * The wait before the next poll: the feed's interval, or while the publisher pushes to us until
 * `pushActiveUntil`, at least the safety interval (within the ceiling, which bounds every wait).
 */
export function scheduledIntervalMs(
  intervalMs: number,
  pushActiveUntil: Date | null,
  now: Date,
  limits: PollIntervalLimits,
): number {
  const isPushActive = pushActiveUntil !== null && pushActiveUntil.getTime() > now.getTime();
  return isPushActive
    ? Math.max(intervalMs, Math.min(PUSH_SAFETY_INTERVAL_MS, limits.ceilingMs))
    : intervalMs;
}

/**
 * The next poll: after the interval ±10 % (`random` in [0, 1)), so that feeds added together drift apart;
 * never before `notBefore` (a Retry-After), which is not capped.
 */
export function nextPollAt(
  now: Date,
  intervalMs: number,
  random: number,
  notBefore: Date | null = null,
): Date {
  const jittered = now.getTime() + Math.round(intervalMs * (0.9 + 0.2 * random));
  return new Date(Math.max(jittered, notBefore?.getTime() ?? 0));
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

function clamp(value: number, { floorMs, ceilingMs }: PollIntervalLimits): number {
  return Math.min(Math.max(value, floorMs), ceilingMs);
}
