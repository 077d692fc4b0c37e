import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { Clock } from '../common/clock';
import { newId } from '../common/ids';
import { CONFIG } from '../config/config.module';
import { Config } from '../config/load-config';
import { RedisConnection } from '../redis/redis-connection';

/**
 * One atomic step of the per-host politeness shared by every worker (Redis's own clock, so workers'
 * clocks need not agree), for every turn this process asked for since its last step: one round trip for
 * all of them. First it gives back the slots of requests that ended since this process's last call (the
 * first ARGV[4] KEYS, their tokens in the ARGV after them: a slot is given back with the next turn taken,
 * not by a round trip of its own). Then it moves the next gap of each host whose request left later than
 * its turn (the next ARGV[5] KEYS, how many ms ago each left in the ARGV after the tokens): the gap runs
 * from when the request really left, so that the host never sees two requests closer than `gapMs`.
 * Then, per host asked for (three KEYS each, the turn's token in the last ARGV): no start while the host
 * is held (429/503 with Retry-After); at most `perHost` requests at once (a sorted set of slots, each
 * with a lease in case its worker dies); at least `gapMs` between two starts. Answers two numbers per
 * host: {0, 0} when the slot is taken, {1, ms} to try again later, {2, ms} held. Two turns asked for one
 * host in one step are taken in order.
 */
const ACQUIRE = `
local perHost, gapMs, leaseMs = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
local released, late = tonumber(ARGV[4]), tonumber(ARGV[5])
for index = 1, released do redis.call('ZREM', KEYS[index], ARGV[5 + index]) end
local clock = redis.call('TIME')
local now = tonumber(clock[1]) * 1000 + math.floor(tonumber(clock[2]) / 1000)
for index = 1, late do
  local nextStartKey = KEYS[released + index]
  local nextStart = now - tonumber(ARGV[5 + released + index]) + gapMs
  if nextStart > now and nextStart > tonumber(redis.call('GET', nextStartKey) or '0') then
    redis.call('SET', nextStartKey, nextStart, 'PX', nextStart - now)
  end
end
local function turn(slots, nextStartKey, holdKey, token)
  local heldUntil = tonumber(redis.call('GET', holdKey) or '0')
  if heldUntil > now then return 2, heldUntil - now end
  redis.call('ZREMRANGEBYSCORE', slots, '-inf', now)
  if redis.call('ZCARD', slots) >= perHost then return 1, 25 end
  local nextStart = tonumber(redis.call('GET', nextStartKey) or '0')
  if nextStart > now then return 1, nextStart - now end
  redis.call('ZADD', slots, now + leaseMs, token)
  redis.call('PEXPIRE', slots, leaseMs)
  if gapMs > 0 then redis.call('SET', nextStartKey, now + gapMs, 'PX', gapMs) end
  return 0, 0
end
local answers = {}
for ask = 0, (#KEYS - released - late) / 3 - 1 do
  local first = released + late + ask * 3
  local kind, ms = turn(KEYS[first + 1], KEYS[first + 2], KEYS[first + 3], ARGV[5 + released + late + ask + 1])
  answers[ask * 2 + 1] = kind
  answers[ask * 2 + 2] = ms
end
return answers
`;

const HOLD = `
local clock = redis.call('TIME')
local now = tonumber(clock[1]) * 1000 + math.floor(tonumber(clock[2]) / 1000)
local ms = tonumber(ARGV[1]) - now
if ms > 0 then redis.call('SET', KEYS[1], ARGV[1], 'PX', ms) end
return ms
`;

/** A turn that took longer than this share of FETCH_HOST_GAP_MS to come back is not used (see `take`). */
const STALE_TURN_SHARE = 4;

/** How long an ended request's slot, or a request's start, may wait for the next turn to carry it. */
const NOTE_DELAY_MS = 10;

/**
 * Added to every gap: Redis's clock is read in whole milliseconds (rounded down) and a late start is told
 * in whole milliseconds of this process's clock, so a gap counted from them could fall short by up to
 * two (999.8 ms seen on the wire between two workers' requests with a gap of 1,000).
 */
const CLOCK_ROUNDING_MS = 2;

/** The scripts as ioredis commands (EVALSHA: the script's text crosses the wire once, not per request). */
type GateClient = Redis & {
  tidingsHostAcquire(numberOfKeys: number, ...keysAndArgs: Array<string | number>): Promise<number[]>;
  tidingsHostHold(key: string, until: number): Promise<number>;
};

/**
 * The answer for one request: `go` (call `started` as the request leaves, `done` when it ends), `held`
 * until a Retry-After ends, or `busy`: the host's other requests or its gap leave no turn now; ask again
 * in `retryInMs` (the caller polls other hosts meanwhile, instead of waiting with a slot of its own).
 */
export type HostTurn =
  | { kind: 'go'; started: () => void; done: () => void }
  | { kind: 'held'; until: Date }
  | { kind: 'busy'; retryInMs: number };

const FREE: HostTurn = { kind: 'go', started: () => undefined, done: () => undefined };

interface AskedTurn {
  host: string;
  /** The slot's name in the host's set, should the turn be given. */
  token: string;
  askedAt: number;
  answer: (turn: HostTurn) => void;
}

/** A host's slots, the start of its next gap, its hold. */
function keysOf(host: string): [string, string, string] {
  return [`tidings:host:${host}:slots`, `tidings:host:${host}:next`, `tidings:host:${host}:hold`];
}

/**
 * Per-host politeness across processes. With REDIS_URL, every request to a host first takes a turn here
 * (FETCH_PER_HOST at once, FETCH_HOST_GAP_MS apart, none while a Retry-After hold lasts), whichever
 * worker sends it: one round trip for all the turns a pass of the event loop asked for, which also gives
 * back the slots of requests ended since.
 * Without Redis, or while it is unreachable, each process keeps the limits alone (`runWithHostLimits`
 * and the holds table), as one process always did.
 */
@Injectable()
export class HostGate {
  /** A slot is given back when its request ends; a dead worker's slot ends with this lease. */
  private readonly slotLeaseMs: number;
  /** FETCH_HOST_GAP_MS as Redis keeps it: with the clocks' rounding added (none when there is no gap). */
  private readonly gateGapMs: number;
  /** Slots of ended requests not given back yet: [slot set, token]. */
  private releases: Array<[string, string]> = [];
  /** Requests started since the last step: [the host's next-gap key, when it left (this clock)]. */
  private starts: Array<[string, number]> = [];
  private noteTimer: NodeJS.Timeout | null = null;
  /** Turns asked for since the last step at Redis. */
  private asks: AskedTurn[] = [];

  constructor(
    private readonly redis: RedisConnection,
    @Inject(CONFIG) private readonly config: Config,
    private readonly clock: Clock,
  ) {
    this.slotLeaseMs = config.FETCH_TIMEOUT_MS + 5_000;
    this.gateGapMs = config.FETCH_HOST_GAP_MS > 0 ? config.FETCH_HOST_GAP_MS + CLOCK_ROUNDING_MS : 0;
  }

  /**
   * This host's turn now, or why not. The turns asked for in one pass of the event loop (a cycle starts
   * several polls at once, and several end together) are taken in one step at Redis, once that pass ends.
   */
  take(host: string): Promise<HostTurn> {
    if (!this.client()) return Promise.resolve(FREE);
    return new Promise((answer) => {
      this.asks.push({ host, token: newId(), askedAt: this.clock.now().getTime(), answer });
      if (this.asks.length === 1) setImmediate(() => void this.takeAsked());
    });
  }

  /** Every worker leaves `host` alone until `until` (it answered 429 or 503 with Retry-After). */
  async hold(host: string, until: Date): Promise<void> {
    await this.client()
      ?.tidingsHostHold(keysOf(host)[2], until.getTime())
      .catch((error: unknown) => this.redis.fellBack('per-host limits', error));
  }

  /** The slot goes back with the next turn any request of this process takes, or within 10 ms. */
  private giveBack(slots: string, token: string): void {
    this.releases.push([slots, token]);
    this.noteSoon();
  }

  /**
   * The host's next gap runs from now, when its request leaves, rather than from when Redis gave the
   * turn: a request that left late (a busy event loop, a pause for garbage collection) and another
   * worker's sent on time reached the server 932–964 ms apart with a gap of 1,000.
   */
  private noteStart(host: string): void {
    if (this.config.FETCH_HOST_GAP_MS === 0) return;
    this.starts.push([keysOf(host)[1], this.clock.now().getTime()]);
    this.noteSoon();
  }

  private noteSoon(): void {
    if (this.noteTimer) return;
    this.noteTimer = setTimeout(() => void this.step([]).catch(() => undefined), NOTE_DELAY_MS);
    this.noteTimer.unref();
  }

  private async takeAsked(): Promise<void> {
    const asks = this.asks;
    this.asks = [];
    let answers: number[];
    try {
      answers = await this.step(asks);
    } catch (error) {
      this.redis.fellBack('per-host limits', error);
      for (const ask of asks) ask.answer(FREE);
      return;
    }
    asks.forEach((ask, index) => ask.answer(this.turnOf(ask, answers[index * 2], answers[index * 2 + 1])));
  }

  private turnOf(ask: AskedTurn, kind: number, ms: number): HostTurn {
    if (kind === 0) {
      const done = () => this.giveBack(keysOf(ask.host)[0], ask.token);
      // A turn that took long to reach us (this process's event loop was busy) may be old: the host's
      // gap runs from when Redis gave it, and another worker's next turn may come soon after a request
      // sent this late. Given back, and asked again once a gap has passed.
      const gapMs = this.config.FETCH_HOST_GAP_MS;
      if (gapMs > 0 && this.clock.now().getTime() - ask.askedAt > gapMs / STALE_TURN_SHARE) {
        done();
        return { kind: 'busy', retryInMs: gapMs };
      }
      return { kind: 'go', started: () => this.noteStart(ask.host), done };
    }
    if (kind === 2) return { kind: 'held', until: new Date(Date.now() + ms) };
    return { kind: 'busy', retryInMs: Math.max(1, ms) };
  }

  /**
   * One step at Redis: the slots given back and the starts noted since the last one, then `asks`. Without
   * asks, a failure is the caller's to ignore: an unreachable Redis ends the slots with their lease.
   */
  private async step(asks: readonly AskedTurn[]): Promise<number[]> {
    const [releases, starts] = [this.releases, this.starts];
    [this.releases, this.starts] = [[], []];
    if (this.noteTimer) clearTimeout(this.noteTimer);
    this.noteTimer = null;
    const client = this.client();
    if (!client || releases.length + starts.length + asks.length === 0) return [];
    const now = this.clock.now().getTime();
    return client.tidingsHostAcquire(
      releases.length + starts.length + asks.length * 3,
      ...releases.map(([slots]) => slots),
      ...starts.map(([nextStart]) => nextStart),
      ...asks.flatMap(({ host }) => keysOf(host)),
      this.config.FETCH_PER_HOST,
      this.gateGapMs,
      this.slotLeaseMs,
      releases.length,
      starts.length,
      ...releases.map(([, released]) => released),
      ...starts.map(([, startedAt]) => Math.max(0, now - startedAt)),
      ...asks.map(({ token }) => token),
    );
  }

  private client(): GateClient | null {
    const client = this.redis.client as GateClient | null;
    if (client && typeof client.tidingsHostAcquire !== 'function') {
      client.defineCommand('tidingsHostAcquire', { lua: ACQUIRE });
      client.defineCommand('tidingsHostHold', { lua: HOLD, numberOfKeys: 1 });
    }
    return client;
  }
}
