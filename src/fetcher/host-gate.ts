import { Inject, Injectable } from '@nestjs/common';
import { newId } from '../common/ids';
import { CONFIG } from '../config/config.module';
import { Config } from '../config/load-config';
import { RedisConnection } from '../redis/redis-connection';

/**
 * One atomic step of the per-host politeness shared by every worker (Redis's own clock, so workers'
 * clocks need not agree): no start while the host is held (429/503 with Retry-After); at most `perHost`
 * requests at once (a sorted set of slots, each with a lease in case its worker dies); at least `gapMs`
 * between two starts. Returns {0, 0} when the slot is taken, {1, ms} to try again later, {2, ms} held.
 */
const ACQUIRE = `
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

const HOLD = `
local clock = redis.call('TIME')
local now = tonumber(clock[1]) * 1000 + math.floor(tonumber(clock[2]) / 1000)
local ms = tonumber(ARGV[1]) - now
if ms > 0 then redis.call('SET', KEYS[1], ARGV[1], 'PX', ms) end
return ms
`;

export type HostTurn = { kind: 'go'; done: () => Promise<void> } | { kind: 'held'; until: Date };

/**
 * Per-host politeness across processes. With REDIS_URL, every request to a host first takes a turn here
 * (FETCH_PER_HOST at once, FETCH_HOST_GAP_MS apart, none while a Retry-After hold lasts), whichever
 * worker sends it. Without Redis, or while it is unreachable, each process keeps the limits alone
 * (`runWithHostLimits` and the holds table), as one process always did.
 */
@Injectable()
export class HostGate {
  /** A slot is given back when its request ends; a dead worker's slot ends with this lease. */
  private readonly slotLeaseMs: number;

  constructor(
    private readonly redis: RedisConnection,
    @Inject(CONFIG) private readonly config: Config,
  ) {
    this.slotLeaseMs = config.FETCH_TIMEOUT_MS + 5_000;
  }

  /** Waits for this host's turn, or says until when it is held. */
  async take(host: string): Promise<HostTurn> {
    const client = this.redis.client;
    if (!client) return { kind: 'go', done: async () => undefined };
    const token = newId();
    const keys = [`tidings:host:${host}:slots`, `tidings:host:${host}:next`, `tidings:host:${host}:hold`];
    for (;;) {
      let answer: [number, number];
      try {
        answer = (await client.eval(
          ACQUIRE,
          3,
          ...keys,
          this.config.FETCH_PER_HOST,
          this.config.FETCH_HOST_GAP_MS,
          token,
          this.slotLeaseMs,
        )) as [number, number];
      } catch (error) {
        this.redis.fellBack('per-host limits', error);
        return { kind: 'go', done: async () => undefined };
      }
      const [kind, ms] = answer;
      if (kind === 0) return { kind: 'go', done: () => this.giveBack(keys[0], token) };
      if (kind === 2) return { kind: 'held', until: new Date(Date.now() + ms) };
      await new Promise((resolve) => setTimeout(resolve, ms));
    }
  }

  /** Every worker leaves `host` alone until `until` (it answered 429 or 503 with Retry-After). */
  async hold(host: string, until: Date): Promise<void> {
    await this.redis.client
      ?.eval(HOLD, 1, `tidings:host:${host}:hold`, until.getTime())
      .catch((error: unknown) => this.redis.fellBack('per-host limits', error));
  }

  private async giveBack(slots: string, token: string): Promise<void> {
    await this.redis.client?.zrem(slots, token).catch(() => undefined);
  }
}
