/**
 * The priority lane of the fetch queue: feeds that a publisher just pinged, fetched first in, first
 * out, ahead of scheduled polls. Pings coalesce per feed: a ping for a feed already waiting is
 * absorbed; a ping while it is being fetched, or within `windowMs` after, earns one more fetch when
 * that window closes (the content may have changed after our request). So a thousand pings in a
 * minute cost one fetch, plus at most one trailing fetch. In memory: one process owns its lane.
 */
export type PingOutcome = 'queued' | 'coalesced' | 'deferred' | 'full';

interface FeedState {
  queued: boolean;
  inFlight: boolean;
  notBefore: number;
  trailing: boolean;
}

export class PingQueue {
  private readonly lane: string[] = [];
  private readonly states = new Map<string, FeedState>();

  constructor(
    private readonly windowMs: number,
    private readonly capacity = 10_000,
  ) {}

  get size(): number {
    return this.lane.length;
  }

  enqueue(feedId: string, now: Date): PingOutcome {
    this.forgetIdle(now);
    const state = this.states.get(feedId);
    if (state?.queued) return 'coalesced';
    if (state && (state.inFlight || now.getTime() < state.notBefore)) {
      if (state.trailing) return 'coalesced';
      state.trailing = true;
      return 'deferred';
    }
    if (this.lane.length >= this.capacity) return 'full';
    this.states.set(feedId, { queued: true, inFlight: false, notBefore: 0, trailing: false });
    this.lane.push(feedId);
    return 'queued';
  }

  /** The next feed to fetch, marked in flight; trailing fetches whose window closed join the lane first. */
  take(now: Date): string | null {
    for (const [feedId, state] of this.states) {
      if (state.trailing && !state.inFlight && now.getTime() >= state.notBefore) {
        state.trailing = false;
        state.queued = true;
        this.lane.push(feedId);
      }
    }
    const feedId = this.lane.shift();
    if (feedId === undefined) return null;
    const state = this.states.get(feedId)!;
    state.queued = false;
    state.inFlight = true;
    return feedId;
  }

  /** The fetch of `feedId` ended (well or not): its coalescing window starts now. */
  done(feedId: string, now: Date): void {
    const state = this.states.get(feedId);
    if (!state) return;
    state.inFlight = false;
    state.notBefore = now.getTime() + this.windowMs;
  }

  private forgetIdle(now: Date): void {
    if (this.states.size < this.capacity) return;
    for (const [feedId, state] of this.states) {
      if (!state.queued && !state.inFlight && !state.trailing && now.getTime() >= state.notBefore)
        this.states.delete(feedId);
    }
  }
}
