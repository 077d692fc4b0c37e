import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '../../../common/clock';
import { TooManyRequestsError } from '../../../common/errors';
import { CONFIG } from '../../../config/config.module';
import { Config } from '../../../config/load-config';
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

  constructor(
    private readonly cache: PingCacheService,
    private readonly lane: PushLane,
    private readonly clock: Clock,
    @Inject(CONFIG) config: Config,
  ) {
    this.limiter = new RateLimiter(config.PING_RATE_PER_MINUTE);
  }

  /** Returns how many feeds the ping refreshes (0: untracked); the fetches run in the background. */
  async ping(urls: readonly string[], source: string): Promise<number> {
    if (!this.limiter.allow(source, this.clock.now()))
      throw new TooManyRequestsError('too many pings from this address; try again in a minute');
    const feedIds = [...new Set((await Promise.all(urls.map((url) => this.cache.feedsFor(url)))).flat())];
    if (feedIds.length) await this.lane.pinged(feedIds);
    return feedIds.length;
  }
}
