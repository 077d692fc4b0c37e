import { backoffIntervalMs, nextPollAt, PollIntervalLimits } from './poll-interval';

export type FeedHealthStatus = 'active' | 'broken' | 'gone';

export interface FeedHealth {
  status: FeedHealthStatus;
  errorCount: number;
  failingSince: Date | null;
  brokenSince: Date | null;
}

/** What one poll amounted to, as far as the feed's health and schedule are concerned. */
export type PollResult =
  { kind: 'success'; intervalMs: number } | { kind: 'gone' } | { kind: 'failure'; retryAfter: Date | null };

export interface HealthPolicy extends PollIntervalLimits {
  /** How long a feed must fail without a single success before it is marked broken. */
  brokenAfterMs: number;
}

export interface NextHealth extends FeedHealth {
  nextPollAt: Date;
  /** Tell the subscribers: once when a feed is gone, once per broken episode. */
  notify: 'gone' | 'broken' | null;
}

/** The feed's state after a poll: success resets the failures, failures back off and may mark it broken. */
export function nextHealth(
  health: FeedHealth,
  result: PollResult,
  now: Date,
  policy: HealthPolicy,
  random: number,
): NextHealth {
  if (result.kind === 'success') {
    return {
      status: 'active',
      errorCount: 0,
      failingSince: null,
      brokenSince: null,
      nextPollAt: nextPollAt(now, result.intervalMs, random),
      notify: null,
    };
  }
  if (result.kind === 'gone') {
    return { ...health, status: 'gone', nextPollAt: now, notify: health.status === 'gone' ? null : 'gone' };
  }
  const errorCount = health.errorCount + 1;
  const failingSince = health.failingSince ?? now;
  const isBroken = now.getTime() - failingSince.getTime() >= policy.brokenAfterMs;
  const becomesBroken = isBroken && health.brokenSince === null;
  return {
    status: isBroken ? 'broken' : 'active',
    errorCount,
    failingSince,
    brokenSince: becomesBroken ? now : health.brokenSince,
    nextPollAt: nextPollAt(now, backoffIntervalMs(errorCount, policy), random, result.retryAfter),
    notify: becomesBroken ? 'broken' : null,
  };
}
