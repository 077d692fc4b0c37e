import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { Clock } from '../common/clock';
import { newId } from '../common/ids';
import { CONFIG } from '../config/config.module';
import { Config } from '../config/load-config';
import { RedisConnection } from '../redis/redis-connection';

/**
 * One atomic step of the per-host politeness shared by every worker (Redis's own clock, so workers'
 * clocks need not agree). First it gives back the slots of requests that ended since this process's last
 * call (KEYS[4…] with their tokens in ARGV[5…]: a slot is given back with the next turn taken, not by a
 * round trip of its own). Then: no start while the host is held (429/503 with Retry-After); at most
 * `perHost` requests at once (a sorted set of slots, each with a lease in case its worker dies); at least
 * `gapMs` between two starts. Returns {0, 0} when the slot is taken, {1, ms} to try again later, {2, ms}
 * held.
 */
const ACQUIRE = `
for index = 4, #KEYS do redis.call('ZREM', KEYS[index], ARGV[index + 1]) end
local clock = redis.call('TIME')
local now = tonumber(clock[1]) * 1000 + math.floor(tonumber(clock[2]) / 1000)
local heldUntil = tonumber(redis.call('GET', KEYS[3]) or '0')
if heldUntil > now then return {2, heldUntil - now} end
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[1]) then return {1, 25} end
local nextStart = tonumber(redis.call('GET', KEYS[2]) or '0')
if nextStart > now then return {1, nextStart - now} end
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[4]), ARGV[3])
redis.call('PEXPIRE', KEYS[1], ARGV[4])
if tonumber(ARGV[2]) > 0 then redis.call('SET', KEYS[2], now + tonumber(ARGV[2]), 'PX', ARGV[2]) end
return {0, 0}
`;

/** Gives back slots (KEYS: each slot set, ARGV: its token) when no turn was taken to carry them soon enough. */
const RELEASE = `
for index = 1, #KEYS do redis.call('ZREM', KEYS[index], ARGV[index]) end
return #KEYS
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

/** How long an ended request's slot may wait for the next turn to carry it back. */
const RELEASE_DELAY_MS = 10;

/** The scripts as ioredis commands (EVALSHA: the script's text crosses the wire once, not per request). */
type GateClient = Redis & {
  tidingsHostAcquire(numberOfKeys: number, ...keysAndArgs: Array<string | number>): Promise<[number, number]>;
  tidingsHostRelease(numberOfKeys: number, ...keysAndArgs: string[]): Promise<number>;
  tidingsHostHold(key: string, until: number): Promise<number>;
};

/**
 * The answer for one request: `go` (call `done` when it ends), `held` until a Retry-After ends, or `busy`:
 * the host's other requests or its gap leave no turn now; ask again in `retryInMs` (the caller polls
 * other hosts meanwhile, instead of waiting with a slot of its own).
 */
export type HostTurn =
  { kind: 'go'; done: () => void } | { kind: 'held'; until: Date } | { kind: 'busy'; retryInMs: number };

const FREE: HostTurn = { kind: 'go', done: () => undefined };

/**
 * Per-host politeness across processes. With REDIS_URL, every request to a host first takes a turn here
 * (FETCH_PER_HOST at once, FETCH_HOST_GAP_MS apart, none while a Retry-After hold lasts), whichever
 * worker sends it: one round trip per request, which also gives back the slots of requests ended since.
 * Without Redis, or while it is unreachable, each process keeps the limits alone (`runWithHostLimits`
 * and the holds table), as one process always did.
 */
@Injectable()
export class HostGate {
  /** A slot is given back when its request ends; a dead worker's slot ends with this lease. */
  private readonly slotLeaseMs: number;
  /** Slots of ended requests not given back yet: [slot set, token]. */
  private releases: Array<[string, string]> = [];
  private releaseTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly redis: RedisConnection,
    @Inject(CONFIG) private readonly config: Config,
    private readonly clock: Clock,
  ) {
    this.slotLeaseMs = config.FETCH_TIMEOUT_MS + 5_000;
  }

  /** This host's turn now, or why not. */
  async take(host: string): Promise<HostTurn> {
    const client = this.client();
    if (!client) return FREE;
    const token = newId();
    const keys = [`tidings:host:${host}:slots`, `tidings:host:${host}:next`, `tidings:host:${host}:hold`];
    const releases = this.takeReleases();
    const askedAt = this.clock.now().getTime();
    let answer: [number, number];
    try {
      answer = await client.tidingsHostAcquire(
        keys.length + releases.length,
        ...keys,
        ...releases.map(([slots]) => slots),
        this.config.FETCH_PER_HOST,
        this.config.FETCH_HOST_GAP_MS,
        token,
        this.slotLeaseMs,
        ...releases.map(([, released]) => released),
      );
    } catch (error) {
      this.redis.fellBack('per-host limits', error);
      return FREE;
    }
    const [kind, ms] = answer;
    if (kind === 0) {
      const done = () => this.giveBack(keys[0], token);
      // A turn that took long to reach us (this process's event loop was busy) may be old: the host's
      // gap runs from when Redis gave it, and another worker's next turn may come soon after a request
      // sent this late. Given back, and asked again once a gap has passed.
      const gapMs = this.config.FETCH_HOST_GAP_MS;
      if (gapMs > 0 && this.clock.now().getTime() - askedAt > gapMs / STALE_TURN_SHARE) {
        done();
        return { kind: 'busy', retryInMs: gapMs };
      }
      return { kind: 'go', done };
    }
    if (kind === 2) return { kind: 'held', until: new Date(Date.now() + ms) };
    return { kind: 'busy', retryInMs: Math.max(1, ms) };
  }

  /** Every worker leaves `host` alone until `until` (it answered 429 or 503 with Retry-After). */
  async hold(host: string, until: Date): Promise<void> {
    await this.client()
      ?.tidingsHostHold(`tidings:host:${host}:hold`, until.getTime())
      .catch((error: unknown) => this.redis.fellBack('per-host limits', error));
  }

  /** The slot goes back with the next turn any request of this process takes, or within 10 ms. */
  private giveBack(slots: string, token: string): void {
    this.releases.push([slots, token]);
    if (this.releaseTimer) return;
    this.releaseTimer = setTimeout(() => void this.releaseNow(), RELEASE_DELAY_MS);
    this.releaseTimer.unref();
  }

  private takeReleases(): Array<[string, string]> {
    const releases = this.releases;
    this.releases = [];
    if (this.releaseTimer) clearTimeout(this.releaseTimer);
    this.releaseTimer = null;
    return releases;
  }

  private async releaseNow(): Promise<void> {
    const releases = this.takeReleases();
    if (releases.length === 0) return;
    await this.client()
      ?.tidingsHostRelease(
        releases.length,
        ...releases.map(([slots]) => slots),
        ...releases.map(([, token]) => token),
      )
      // An unreachable Redis: the slots end with their lease.
      .catch(() => undefined);
  }

  private client(): GateClient | null {
    const client = this.redis.client as GateClient | null;
    if (client && typeof client.tidingsHostAcquire !== 'function') {
      client.defineCommand('tidingsHostAcquire', { lua: ACQUIRE });
      client.defineCommand('tidingsHostRelease', { lua: RELEASE });
      client.defineCommand('tidingsHostHold', { lua: HOLD, numberOfKeys: 1 });
    }
    return client;
  }
}
