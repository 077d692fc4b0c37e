import { Injectable, OnModuleInit } from '@nestjs/common';
import { Clock } from '../../common/clock';
import { NormalizedFeed } from '../../entries/domain/normalized-entry';
import { Feed, FeedsService } from '../../feeds/feeds.service';
import { FetchedBody } from '../http-client';
import { PollService } from '../poll.service';
import { discoverCloud, discoverWebSub } from './domain/discover-push';
import { PingCacheService } from './ping-cache/ping-cache.service';
import { RssCloudService } from './rsscloud/rss-cloud.service';
import { WebSubService } from './websub/websub.service';

/** A feed with a live WebSub subscription is still polled, this rarely, in case the hub fails. */
export const PUSH_SAFETY_POLL_MS = 12 * 60 * 60_000;

/** Wires push into the feed life cycle: after each fetch, after a reader leaves, and periodically. */
@Injectable()
export class PushService implements OnModuleInit {
  constructor(
    private readonly poll: PollService,
    private readonly feeds: FeedsService,
    private readonly websub: WebSubService,
    private readonly rssCloud: RssCloudService,
    private readonly pingCache: PingCacheService,
    private readonly clock: Clock,
  ) {}

  onModuleInit(): void {
    this.poll.onFeedFetched((feed, response, parsed) => this.afterFetch(feed, response, parsed));
    this.feeds.onUnsubscribed((feedId) => this.afterReaderLeft(feedId));
  }

  /** Whether the feed's publisher pushes to us now (the scheduler may then poll it rarely). */
  isPushActive(feedId: string): Promise<boolean> {
    return this.websub.isActive(feedId);
  }

  /** Renewals and clean-ups; `serve` runs this every few minutes. */
  async maintain(): Promise<{ websub: number; rssCloud: number }> {
    const hasReaders = async (feedId: string) => (await this.feeds.subscriptionsOfFeed(feedId)).length > 0;
    return {
      websub: await this.websub.renewDue(hasReaders),
      rssCloud: await this.rssCloud.renewDue(hasReaders),
    };
  }

  private async afterFetch(feed: Feed, response: FetchedBody, parsed: NormalizedFeed): Promise<void> {
    const webSub = discoverWebSub(feed.url, response.headers, response.body);
    await this.pingCache.refreshCluster(feed, webSub?.self ?? null, parsed.siteUrl);
    if (webSub) await this.websub.ensureSubscribed(feed.id, webSub);
    const cloud = discoverCloud(response.body);
    if (cloud) await this.rssCloud.ensureRegistered(feed, cloud);
    if (await this.websub.isActive(feed.id)) {
      await this.feeds.recordPoll(feed.id, {
        nextPollAt: new Date(this.clock.now().getTime() + PUSH_SAFETY_POLL_MS),
      });
    }
  }

  private async afterReaderLeft(feedId: string): Promise<void> {
    if ((await this.feeds.subscriptionsOfFeed(feedId)).length > 0) return;
    await this.websub.unsubscribe(feedId);
    await this.rssCloud.forget(feedId);
    await this.pingCache.forget(feedId);
  }
}
