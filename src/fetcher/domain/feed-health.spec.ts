import { FeedHealth, HealthPolicy, nextHealth } from './feed-health';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const policy: HealthPolicy = { floorMs: 15 * MINUTE, ceilingMs: 24 * HOUR, brokenAfterMs: 72 * HOUR };
const healthy: FeedHealth = { status: 'active', errorCount: 0, failingSince: null, brokenSince: null };
const start = new Date('2026-11-22T10:00:00Z');
const failure = { kind: 'failure', retryAfter: null } as const;

/** Fails at every scheduled poll for `hours`, returning each state. */
function failFor(hours: number): Array<ReturnType<typeof nextHealth>> {
  const states = [];
  let state = { ...healthy, nextPollAt: start, notify: null as 'gone' | 'broken' | null };
  while (state.nextPollAt.getTime() <= start.getTime() + hours * HOUR) {
    state = nextHealth(state, failure, state.nextPollAt, policy, 0.5);
    states.push(state);
  }
  return states;
}

describe('nextHealth', () => {
  it('backs off exponentially, capped at the ceiling', () => {
    const gaps = failFor(48).map((state, index, all) =>
      index ? (state.nextPollAt.getTime() - all[index - 1].nextPollAt.getTime()) / MINUTE : null,
    );
    expect(gaps.slice(1, 5)).toEqual([30, 60, 120, 240]);
    expect(Math.max(...(gaps.slice(1) as number[]))).toBe(24 * 60);
  });

  it('marks a feed failing for three days broken and asks to tell its subscribers exactly once', () => {
    const states = failFor(24 * 7);
    expect(states.filter((state) => state.notify === 'broken')).toHaveLength(1);
    const firstBroken = states.findIndex((state) => state.status === 'broken');
    expect(states[firstBroken].brokenSince!.getTime() - start.getTime()).toBeGreaterThanOrEqual(72 * HOUR);
    expect(states.slice(firstBroken).every((state) => state.status === 'broken')).toBe(true);
  });

  it('resets everything on success', () => {
    const broken = failFor(24 * 4).at(-1)!;
    const recovered = nextHealth(broken, { kind: 'success', intervalMs: HOUR }, start, policy, 0.5);
    expect(recovered).toMatchObject({
      status: 'active',
      errorCount: 0,
      failingSince: null,
      brokenSince: null,
    });
    expect(recovered.nextPollAt).toEqual(new Date(start.getTime() + HOUR));
    const againBroken = nextHealth(recovered, failure, start, policy, 0.5);
    expect(againBroken.notify).toBeNull();
  });

  it('waits for Retry-After even beyond the ceiling', () => {
    const until = new Date('2026-11-30T00:00:00Z');
    expect(
      nextHealth(healthy, { kind: 'failure', retryAfter: until }, start, policy, 0.5).nextPollAt,
    ).toEqual(until);
  });

  it('marks a gone feed once', () => {
    const gone = nextHealth(healthy, { kind: 'gone' }, start, policy, 0.5);
    expect(gone).toMatchObject({ status: 'gone', notify: 'gone' });
    expect(nextHealth(gone, { kind: 'gone' }, start, policy, 0.5).notify).toBeNull();
  });
});
