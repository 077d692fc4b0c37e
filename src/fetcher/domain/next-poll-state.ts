import { changedFields } from './changed-fields';
import { Classified, Failure, ResponseOutcome, Validators } from './classify-response';
import { FeedHealth, HealthPolicy, nextHealth, PollResult } from './feed-health';
import { permanentMove } from './permanent-move';
import { adaptiveIntervalMs, keptIntervalMs, scheduledIntervalMs } from './poll-interval';

/** What a parsed body told about its feed. */
export interface ParsedFeed {
  title: string | null;
  siteUrl: string | null;
  /** When its newest entries were published, newest first: how often it really publishes. */
  publicationTimes: readonly Date[];
  /** RSS `ttl`, in minutes. */
  ttlMinutes: number | null;
}

/** What polling a feed amounted to: a response's outcome, its body parsed, or a body pushed to us. */
export type PollOutcome =
  | Exclude<ResponseOutcome, { kind: 'new-body' }>
  | ({ kind: 'parsed'; validators: Validators; bodyHash: string } & ParsedFeed)
  | ({ kind: 'pushed' } & ParsedFeed)
  | Failure;

/**
 * A feed's poll state: the columns of the `feeds` table the fetcher owns. The feeds module creates the
 * row (a subscription names its URL) and reads it whole; the fetcher alone writes its poll state, and
 * moves its URL when the publisher redirects permanently.
 */
export interface FeedPollState extends FeedHealth {
  id: string;
  url: string;
  title: string | null;
  siteUrl: string | null;
  etag: string | null;
  lastModified: string | null;
  bodyHash: string | null;
  lastOutcome: string | null;
  lastError: string | null;
  pollIntervalSeconds: number | null;
  /** Until when the publisher pushes to us (a WebSub lease): polling is then only a safety net. */
  pushActiveUntil: Date | null;
  /** A permanent redirect being watched before the URL follows it (see `permanentMove`). */
  redirectCandidate: string | null;
  redirectStreak: number;
}

/** The columns a poll (or a push lease) writes. */
export type FeedPollUpdate = Partial<
  Omit<FeedPollState, 'id'> & { lastPolledAt: Date; nextPollAt: Date; movedFrom: string; movedAt: Date }
>;

export interface NextPollState {
  /** Only the columns that change (a routine 304 writes two, not twelve). */
  update: FeedPollUpdate;
  /** What `feeds list` shows as the last outcome (`not-modified`, `parsed`, `http-404`, …). */
  label: string;
  isFailure: boolean;
  /** Tell the subscribers: once when a feed is gone, once per broken episode. */
  notice: { problem: 'gone' | 'broken'; detail: string; brokenSince: Date | null } | null;
}

/**
 * The feed's state after a poll: validators and hash as the outcome renews them, health and back-off,
 * the next poll (adaptive interval, cache hints, push leases, jitter from `random`), the new URL once a
 * permanent redirect has held for three polls.
 */
export function nextPollState(
  feed: FeedPollState,
  { outcome, freshnessMs, movedTo }: Classified<PollOutcome>,
  now: Date,
  policy: HealthPolicy,
  random: number,
): NextPollState {
  const result = pollResultOf(outcome, feed, freshnessMs, policy);
  const scheduled =
    result.kind === 'success'
      ? { ...result, intervalMs: scheduledIntervalMs(result.intervalMs, feed.pushActiveUntil, now, policy) }
      : result;
  const health = nextHealth(feed, scheduled, now, policy, random);
  const label = outcome.kind === 'failed' || outcome.kind === 'rate-limited' ? outcome.label : outcome.kind;
  const reason = 'reason' in outcome ? outcome.reason : null;
  const update = changedFields<FeedPollUpdate>(feed, {
    ...feedFieldsOf(outcome),
    lastOutcome: label,
    lastPolledAt: now,
    lastError: reason?.slice(0, 1000) ?? null,
    status: health.status,
    errorCount: health.errorCount,
    failingSince: health.failingSince,
    brokenSince: health.brokenSince,
    nextPollAt: health.nextPollAt,
    ...(result.kind === 'success' ? { pollIntervalSeconds: Math.round(result.intervalMs / 1000) } : {}),
  });
  // A pushed body says nothing about redirects; a failure without an answer (timeout) neither.
  const answered =
    outcome.kind !== 'pushed' && !(outcome.kind === 'failed' && !movedTo && !isHttpFailure(outcome));
  return {
    update:
      outcome.kind === 'pushed' ? update : { ...update, ...permanentMove(feed, movedTo, answered, now) },
    label,
    isFailure: result.kind !== 'success',
    notice: health.notify
      ? { problem: health.notify, detail: reason ?? label, brokenSince: health.brokenSince }
      : null,
  };
}

function pollResultOf(
  outcome: PollOutcome,
  feed: FeedPollState,
  freshnessMs: number,
  policy: HealthPolicy,
): PollResult {
  switch (outcome.kind) {
    case 'not-modified':
    case 'same-hash':
      return { kind: 'success', intervalMs: keptIntervalMs(feed.pollIntervalSeconds, freshnessMs, policy) };
    case 'parsed':
    case 'pushed': {
      const hints = { freshnessMs, ttlMinutes: outcome.ttlMinutes };
      return { kind: 'success', intervalMs: adaptiveIntervalMs(outcome.publicationTimes, hints, policy) };
    }
    case 'gone':
      return { kind: 'gone' };
    case 'rate-limited':
      return { kind: 'failure', retryAfter: outcome.until };
    case 'failed':
      return { kind: 'failure', retryAfter: null };
  }
}

/** The feed's own columns an outcome renews. */
function feedFieldsOf(outcome: PollOutcome): FeedPollUpdate {
  switch (outcome.kind) {
    case 'not-modified':
    case 'same-hash':
      return outcome.validators;
    case 'parsed':
      return { ...outcome.validators, bodyHash: outcome.bodyHash, ...titleAndSite(outcome) };
    case 'pushed':
      return titleAndSite(outcome);
    default:
      return {};
  }
}

function titleAndSite({ title, siteUrl }: ParsedFeed): FeedPollUpdate {
  return { title, siteUrl };
}

/** A failure the server answered (an HTTP status), unlike a timeout or a refused connection. */
function isHttpFailure(outcome: Failure): boolean {
  return /^(http-\d+|bot-challenge)$/.test(outcome.label);
}
