import { Inject, Injectable } from '@nestjs/common';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { Clock } from '../../../common/clock';
import { TooManyRequestsError } from '../../../common/errors';
import { CONFIG } from '../../../config/config.module';
import { Config } from '../../../config/load-config';
import { RedisConnection } from '../../../redis/redis-connection';
import { RateLimiter } from '../domain/rate-limiter';
import { PingCacheService } from '../ping-cache/ping-cache.service';
import { PushLane } from '../queue/push-lane';

/**
 * Every "this changed" signal ends here: rate-limited per source, mapped through the ping cache to
 * feeds, which go to the front of the fetch queue. An untracked URL costs no outbound request.
 */
@Injectable()
export class PingService {
  private readonly limiter: RateLimiter;
  /** With REDIS_URL: one count per source across every web node (rate-limiter-flexible). */
  private readonly sharedLimiter: RateLimiterRedis | null;

  constructor(
    private readonly cache: PingCacheService,
    private readonly lane: PushLane,
    private readonly clock: Clock,
    private readonly redis: RedisConnection,
    @Inject(CONFIG) config: Config,
  ) {
    this.limiter = new RateLimiter(config.PING_RATE_PER_MINUTE);
    this.sharedLimiter = redis.client
      ? new RateLimiterRedis({
          storeClient: redis.client,
          points: config.PING_RATE_PER_MINUTE,
          duration: 60,
          keyPrefix: 'tidings:ping-rate',
        })
      : null;
  }

  /** Returns how many feeds the ping refreshes (0: untracked); the fetches run in the background. */
  async ping(urls: readonly string[], source: string): Promise<number> {
    if (!(await this.allows(source)))
      throw new TooManyRequestsError('too many pings from this address; try again in a minute');
    const feedIds = [...new Set((await Promise.all(urls.map((url) => this.cache.feedsFor(url)))).flat())];
    if (feedIds.length) await this.lane.pinged(feedIds);
    return feedIds.length;
  }

  /** The shared count when Redis answers, else this process's own (one warning line a minute). */
  private async allows(source: string): Promise<boolean> {
    if (this.sharedLimiter) {
      try {
        await this.sharedLimiter.consume(source);
        return true;
      } catch (error) {
        if (error instanceof RateLimiterRes) return false;
        this.redis.fellBack('ping rate limits', error);
      }
    }
    return this.limiter.allow(source, this.clock.now());
  }
}
