import { RedisConnection } from '../../../redis/redis-connection';

/**
 * The ping lane's coalescing (`PingQueue`'s rules) kept in one Redis hash per feed, so that it holds
 * across every web node and worker: `q` a job is waiting, `f` a fetch is under way, `nb` the end of the
 * coalescing window (Redis's clock), `t` one more fetch is owed after it. Each step is one atomic script.
 */
const NOW = `
local clock = redis.call('TIME')
local now = tonumber(clock[1]) * 1000 + math.floor(tonumber(clock[2]) / 1000)
`;

/** A ping: returns -1 (absorbed by a waiting job or an owed fetch), else the delay of a new job (ms). */
const ENQUEUE = `${NOW}
local state = redis.call('HMGET', KEYS[1], 'q', 'f', 'nb', 't')
if state[1] == '1' then return -1 end
if state[2] == '1' then
  if state[4] == '1' then return -1 end
  redis.call('HSET', KEYS[1], 't', '1')
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  return -1
end
redis.call('HSET', KEYS[1], 'q', '1')
redis.call('PEXPIRE', KEYS[1], ARGV[1])
local wait = tonumber(state[3] or '0') - now
if wait > 0 then return wait end
return 0
`;

/** A worker takes the feed's job: no longer waiting, in flight. */
const BEGIN = `
redis.call('HSET', KEYS[1], 'q', '0', 'f', '1')
redis.call('PEXPIRE', KEYS[1], ARGV[1])
return 0
`;

/**
 * The fetch ended (ARGV[3] = 1: another cycle held the feed, so it was not fetched for this ping): the
 * window starts; returns the delay of the one more job owed (a ping came meanwhile), or -1.
 */
const END = `${NOW}
local owed = redis.call('HGET', KEYS[1], 't') == '1' or ARGV[3] == '1'
redis.call('HSET', KEYS[1], 'f', '0', 'nb', now + tonumber(ARGV[2]), 't', '0', 'q', owed and '1' or '0')
redis.call('PEXPIRE', KEYS[1], ARGV[1])
if owed then return tonumber(ARGV[2]) end
return -1
`;

export class SharedPingCoalescing {
  /** A feed's state outlives its window a little; a stale one (its job lost) expires by itself. */
  private readonly ttlMs: number;

  constructor(
    private readonly redis: RedisConnection,
    private readonly windowMs: number,
  ) {
    this.ttlMs = 2 * windowMs + 60_000;
  }

  /** Null: coalesced; else queue a job after this many ms. Throws while Redis is unreachable. */
  async enqueue(feedId: string): Promise<number | null> {
    const delay = (await this.client().eval(ENQUEUE, 1, key(feedId), this.ttlMs)) as number;
    return delay < 0 ? null : delay;
  }

  async begin(feedId: string): Promise<void> {
    await this.client().eval(BEGIN, 1, key(feedId), this.ttlMs);
  }

  /** Null, or the delay of the job owed after the window. */
  async end(feedId: string, wasBusy: boolean): Promise<number | null> {
    const delay = (await this.client().eval(
      END,
      1,
      key(feedId),
      this.ttlMs,
      this.windowMs,
      wasBusy ? 1 : 0,
    )) as number;
    return delay < 0 ? null : delay;
  }

  /** Forgets that a job waits (it could not be queued after all). */
  async forget(feedId: string): Promise<void> {
    await this.client().hset(key(feedId), 'q', '0');
  }

  private client() {
    if (!this.redis.client) throw new Error('REDIS_URL is not set');
    return this.redis.client;
  }
}

function key(feedId: string): string {
  return `tidings:ping:${feedId}`;
}
