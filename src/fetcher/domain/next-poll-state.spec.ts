import { HealthPolicy } from './feed-health';
import { FeedPollState, nextPollState, PollOutcome } from './next-poll-state';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const now = new Date('2026-11-22T10:00:00Z');
const policy: HealthPolicy = { floorMs: 15 * MINUTE, ceilingMs: 24 * HOUR, brokenAfterMs: 72 * HOUR };
const stored: FeedPollState = {
  id: 'f1',
  url: 'https://blog.example/feed',
  title: 'Blog',
  siteUrl: 'https://blog.example/',
  status: 'active',
  etag: '"v1"',
  lastModified: null,
  bodyHash: 'h1',
  lastOutcome: 'not-modified',
  errorCount: 0,
  lastError: null,
  failingSince: null,
  brokenSince: null,
  pollIntervalSeconds: 7200,
  pushActiveUntil: null,
  redirectCandidate: null,
  redirectStreak: 0,
};

function after(outcome: PollOutcome, feed = stored, extra: { freshnessMs?: number; movedTo?: string } = {}) {
  const polled = { outcome, freshnessMs: extra.freshnessMs ?? 0, movedTo: extra.movedTo ?? null };
  return nextPollState(feed, polled, now, policy, 0.5);
}

describe('nextPollState', () => {
  it('writes only what a routine 304 changes: when it was polled and when it is next', () => {
    const next = after({ kind: 'not-modified', validators: {} });
    expect(next.update).toEqual({ lastPolledAt: now, nextPollAt: new Date(now.getTime() + 2 * HOUR) });
    expect(next).toMatchObject({ label: 'not-modified', isFailure: false, notice: null });
  });

  it('learns the interval from a parsed body and stores what it renewed', () => {
    const publicationTimes = [0, 2, 4].map((hours) => new Date(now.getTime() - hours * HOUR));
    const next = after({
      kind: 'parsed',
      validators: { etag: '"v2"', lastModified: null },
      bodyHash: 'h2',
      title: 'Blog, renamed',
      siteUrl: 'https://blog.example/',
      publicationTimes,
      ttlMinutes: null,
    });
    expect(next.update).toMatchObject({
      etag: '"v2"',
      bodyHash: 'h2',
      title: 'Blog, renamed',
      lastOutcome: 'parsed',
      pollIntervalSeconds: 3600,
    });
    expect(next.update).not.toHaveProperty('siteUrl');
  });

  it('keeps validators and hash of a pushed body, which came without them', () => {
    const pushed = after({
      kind: 'pushed',
      title: 'Blog',
      siteUrl: null,
      publicationTimes: [],
      ttlMinutes: 90,
    });
    expect(pushed.update).not.toHaveProperty('etag');
    expect(pushed.update).not.toHaveProperty('bodyHash');
    expect(pushed.update).toMatchObject({ siteUrl: null, lastOutcome: 'pushed', pollIntervalSeconds: 5400 });
  });

  it('waits for a rate-limited host until it said, and backs off a failure from the floor', () => {
    const until = new Date(now.getTime() + 3 * HOUR);
    const limited = after({ kind: 'rate-limited', label: 'http-429', reason: 'HTTP 429', host: 'h', until });
    expect(limited.update).toMatchObject({ nextPollAt: until, errorCount: 1, lastError: 'HTTP 429' });
    expect(limited).toMatchObject({ label: 'http-429', isFailure: true });
    const failed = after({ kind: 'failed', label: 'timeout', reason: 'took too long' });
    expect(failed.update.nextPollAt!.getTime() - now.getTime()).toBeLessThanOrEqual(15 * MINUTE * 1.1);
    expect(failed.update).not.toHaveProperty('pollIntervalSeconds');
  });

  it('asks to tell the subscribers once when a feed is gone', () => {
    const gone = after({ kind: 'gone', reason: 'HTTP 410 Gone' });
    expect(gone.update.status).toBe('gone');
    expect(gone.notice).toEqual({ problem: 'gone', detail: 'HTTP 410 Gone', brokenSince: null });
    expect(after({ kind: 'gone', reason: 'HTTP 410 Gone' }, { ...stored, status: 'gone' }).notice).toBeNull();
  });

  it('tells when a failing feed turns broken, naming the failure', () => {
    const failing = { ...stored, errorCount: 9, failingSince: new Date(now.getTime() - 80 * HOUR) };
    const next = after({ kind: 'failed', label: 'http-500', reason: 'HTTP 500' }, failing);
    expect(next.notice).toEqual({ problem: 'broken', detail: 'HTTP 500', brokenSince: now });
  });

  it('moves the feed to where a permanent redirect led once it held for three polls', () => {
    const movedTo = 'https://new.example/f';
    const first = after({ kind: 'not-modified', validators: {} }, stored, { movedTo });
    expect(first.update).toMatchObject({ redirectCandidate: movedTo, redirectStreak: 1 });
    expect(first.update).not.toHaveProperty('url');
    const third = after(
      { kind: 'not-modified', validators: {} },
      { ...stored, redirectCandidate: movedTo, redirectStreak: 2 },
      { movedTo },
    );
    expect(third.update).toMatchObject({
      url: movedTo,
      movedFrom: stored.url,
      movedAt: now,
      redirectStreak: 0,
    });
  });

  it('keeps a redirect’s run through a timeout but ends it with an answer that was not redirected', () => {
    const running = { ...stored, redirectCandidate: 'https://new.example/f', redirectStreak: 2 };
    const timedOut = after({ kind: 'failed', label: 'timeout', reason: 'no answer in 10 s' }, running);
    expect(timedOut.update).not.toHaveProperty('redirectStreak');
    const served = after({ kind: 'failed', label: 'http-500', reason: 'HTTP 500' }, running);
    expect(served.update).toMatchObject({ redirectCandidate: null, redirectStreak: 0 });
  });

  it('polls a pushed feed only as a safety net while its lease runs', () => {
    const leased = { ...stored, pushActiveUntil: new Date(now.getTime() + 48 * HOUR) };
    const next = after({ kind: 'same-hash', validators: { etag: '"v1"', lastModified: null } }, leased);
    expect(next.update.nextPollAt!.getTime() - now.getTime()).toBeGreaterThanOrEqual(12 * HOUR * 0.9);
    expect(next.update).not.toHaveProperty('pollIntervalSeconds');
  });
});
