import { Inject, Injectable } from '@nestjs/common';
import { clientNetwork } from '../../../common/client-network';
import { TooManyRequestsError } from '../../../common/errors';
import { CONFIG } from '../../../config/config.module';
import { Config } from '../../../config/load-config';
import { RateLimit, RateLimits } from '../../../redis/rate-limits';
import { RateLimiter } from '../domain/rate-limiter';
import { PingCacheService } from '../ping-cache/ping-cache.service';
import { PushLane } from '../queue/push-lane';

/**
 * Every "this changed" signal ends here: rate-limited per source, mapped through the ping cache to
 * feeds, which go to the front of the fetch queue. An untracked URL costs no outbound request.
 */
@Injectable()
export class PingService {
  /** With REDIS_URL: one count per source across every web node. */
  private readonly limit: RateLimit;

  constructor(
    private readonly cache: PingCacheService,
    private readonly lane: PushLane,
    limits: RateLimits,
    @Inject(CONFIG) config: Config,
  ) {
    const bucket = new RateLimiter(config.PING_RATE_PER_MINUTE);
    this.limit = limits.create({
      name: 'ping-rate',
      what: 'ping rate limits',
      points: config.PING_RATE_PER_MINUTE,
      windowMs: 60_000,
      local: (source, now) => bucket.allow(source, now),
    });
  }

  /** Returns how many feeds the ping refreshes (0: untracked); the fetches run in the background. */
  async ping(urls: readonly string[], source: string): Promise<number> {
    // An IPv6 source counts by its /64, as one host can send from any address of it.
    if (!(await this.limit.tryTake(clientNetwork(source))))
      throw new TooManyRequestsError('too many pings from this address; try again in a minute');
    const feedIds = [...new Set((await Promise.all(urls.map((url) => this.cache.feedsFor(url)))).flat())];
    if (feedIds.length) await this.lane.pinged(feedIds);
    return feedIds.length;
  }
}
