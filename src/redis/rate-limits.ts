import { Injectable } from '@nestjs/common';
import type { RateLimiterRedis } from 'rate-limiter-flexible';
import { Clock } from '../common/clock';
import { RedisConnection } from './redis-connection';

/** A limit on events per key (an address, an IP): `tryTake` counts one and says whether it is allowed. */
export interface RateLimit {
  tryTake(key: string): Promise<boolean>;
}

/** This process's own count (a token bucket, a sliding window) at the instant it is given. */
export type LocalCount = (key: string, now: Date) => boolean;

export interface RateLimitOptions {
  /** The Redis key prefix after `tidings:`, and the words of the fallback's warning line. */
  name: string;
  what: string;
  points: number;
  windowMs: number;
  local: LocalCount;
}

/** One process: its memory, read at the app's clock (which tests move). */
export class MemoryRateLimit implements RateLimit {
  constructor(
    private readonly local: LocalCount,
    private readonly clock: Clock,
  ) {}

  tryTake(key: string): Promise<boolean> {
    return Promise.resolve(this.local(key, this.clock.now()));
  }
}

/**
 * Every process sharing REDIS_URL: one count per key in Redis (rate-limiter-flexible, a fixed window of
 * `windowMs`); while Redis is unreachable, this process's memory, with one warning line a minute.
 */
export class RedisRateLimit implements RateLimit {
  private readonly shared: RateLimiterRedis;
  /** What `consume` rejects with when the limit is reached (any other error: Redis is unreachable). */
  private readonly refusal: typeof import('rate-limiter-flexible').RateLimiterRes;

  constructor(
    private readonly redis: RedisConnection,
    private readonly fallback: RateLimit,
    private readonly options: RateLimitOptions,
  ) {
    // Required only with REDIS_URL, like ioredis.
    const { RateLimiterRedis, RateLimiterRes } =
      require('rate-limiter-flexible') as typeof import('rate-limiter-flexible');
    this.refusal = RateLimiterRes;
    this.shared = new RateLimiterRedis({
      storeClient: redis.client,
      points: options.points,
      duration: Math.ceil(options.windowMs / 1000),
      keyPrefix: `tidings:${options.name}`,
    });
  }

  async tryTake(key: string): Promise<boolean> {
    try {
      await this.shared.consume(key);
      return true;
    } catch (error) {
      if (error instanceof this.refusal) return false;
      this.redis.fellBack(this.options.what, error);
    }
    return this.fallback.tryTake(key);
  }
}

/** Makes the limits of this process: shared through Redis when REDIS_URL is set, else in memory. */
@Injectable()
export class RateLimits {
  constructor(
    private readonly redis: RedisConnection,
    private readonly clock: Clock,
  ) {}

  create(options: RateLimitOptions): RateLimit {
    const memory = new MemoryRateLimit(options.local, this.clock);
    return this.redis.isConfigured ? new RedisRateLimit(this.redis, memory, options) : memory;
  }
}
