import {
  adaptiveIntervalMs,
  backoffIntervalMs,
  keptIntervalMs,
  nextPollAt,
  PUSH_SAFETY_INTERVAL_MS,
  scheduledIntervalMs,
} from './poll-interval';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const limits = { floorMs: 15 * MINUTE, ceilingMs: 24 * HOUR };
const noHints = { freshnessMs: 0, ttlMinutes: null };
const postsEvery = (gapMs: number, count: number) =>
  Array.from({ length: count }, (_, index) => new Date(Date.UTC(2026, 10, 22) - index * gapMs));

describe('adaptiveIntervalMs', () => {
  it('polls a daily feed every twelve hours', () => {
    expect(adaptiveIntervalMs(postsEvery(24 * HOUR, 10), noHints, limits)).toBe(12 * HOUR);
  });
  it('never goes under the floor for a busy feed', () => {
    expect(adaptiveIntervalMs(postsEvery(MINUTE, 10), noHints, limits)).toBe(15 * MINUTE);
  });
  it('never goes over the ceiling for a dormant feed', () => {
    expect(adaptiveIntervalMs(postsEvery(90 * 24 * HOUR, 5), noHints, limits)).toBe(24 * HOUR);
  });
  it('uses an hour until the feed has a history', () => {
    expect(adaptiveIntervalMs([], noHints, limits)).toBe(HOUR);
    expect(adaptiveIntervalMs(postsEvery(HOUR, 1), noHints, limits)).toBe(HOUR);
  });
  it('is lengthened by max-age or ttl, not shortened', () => {
    expect(
      adaptiveIntervalMs(postsEvery(HOUR, 10), { freshnessMs: 3 * HOUR, ttlMinutes: null }, limits),
    ).toBe(3 * HOUR);
    expect(adaptiveIntervalMs(postsEvery(HOUR, 10), { freshnessMs: 0, ttlMinutes: 240 }, limits)).toBe(
      4 * HOUR,
    );
    expect(adaptiveIntervalMs(postsEvery(8 * HOUR, 10), { freshnessMs: MINUTE, ttlMinutes: 1 }, limits)).toBe(
      4 * HOUR,
    );
  });
});

describe('keptIntervalMs', () => {
  it('keeps the last interval unless the server asks for longer', () => {
    expect(keptIntervalMs(900, 0, limits)).toBe(15 * MINUTE);
    expect(keptIntervalMs(900, 2 * HOUR, limits)).toBe(2 * HOUR);
    expect(keptIntervalMs(null, 0, limits)).toBe(HOUR);
    expect(keptIntervalMs(900, 30 * 24 * HOUR, limits)).toBe(24 * HOUR);
  });
});

describe('backoffIntervalMs', () => {
  it('doubles from the floor and stops at the ceiling', () => {
    expect([1, 2, 3, 4, 7, 100].map((failures) => backoffIntervalMs(failures, limits) / MINUTE)).toEqual([
      15,
      30,
      60,
      120,
      960,
      24 * 60,
    ]);
  });
});

describe('scheduledIntervalMs', () => {
  const now = new Date('2026-11-22T10:00:00Z');
  it('keeps the interval of a feed nobody pushes', () => {
    expect(scheduledIntervalMs(HOUR, null, now, limits)).toBe(HOUR);
  });
  it('polls a feed under an active WebSub lease only as a safety net', () => {
    const leaseEnd = new Date('2026-12-01T00:00:00Z');
    expect(scheduledIntervalMs(HOUR, leaseEnd, now, limits)).toBe(PUSH_SAFETY_INTERVAL_MS);
    expect(scheduledIntervalMs(20 * HOUR, leaseEnd, now, limits)).toBe(20 * HOUR);
  });
  it('polls as before once the lease has ended', () => {
    expect(scheduledIntervalMs(HOUR, now, now, limits)).toBe(HOUR);
  });
  it('never waits beyond the ceiling', () => {
    const leaseEnd = new Date('2026-12-01T00:00:00Z');
    expect(scheduledIntervalMs(HOUR, leaseEnd, now, { ...limits, ceilingMs: 6 * HOUR })).toBe(6 * HOUR);
  });
});

describe('nextPollAt', () => {
  const now = new Date('2026-11-22T10:00:00Z');
  it('spreads feeds within ±10 % of the interval', () => {
    expect(nextPollAt(now, HOUR, 0)).toEqual(new Date('2026-11-22T10:54:00Z'));
    expect(nextPollAt(now, HOUR, 0.5)).toEqual(new Date('2026-11-22T11:00:00Z'));
    expect(nextPollAt(now, HOUR, 0.999999).getTime()).toBeLessThan(Date.parse('2026-11-22T11:06:00Z'));
  });
  it('spreads a thousand feeds added at once over the window instead of one instant', () => {
    const instants = new Set(
      Array.from({ length: 1000 }, (_, index) => nextPollAt(now, HOUR, index / 1000).getTime()),
    );
    expect(instants.size).toBe(1000);
  });
  it('waits for a Retry-After beyond the ceiling', () => {
    const later = new Date('2026-12-01T00:00:00Z');
    expect(nextPollAt(now, HOUR, 0.5, later)).toEqual(later);
  });
});
