import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { decodeBody } from '../../entries/domain/decode-body';
import { FeedRef, FeedsService } from '../../feeds/feeds.service';
import { PollService } from '../poll.service';
import { SafeFetchResponse } from '../../http/safe-http-client';
import { UrlAddressPolicy } from '../../http/url-address-policy';
import { discoverCloud, discoverWebSub } from './domain/discover-push';
import { PingCacheService } from './ping-cache/ping-cache.service';
import { RssCloudService } from './rsscloud/rss-cloud.service';
import { WebSubService } from './websub/websub.service';

/** Wires push into the feed life cycle: after each fetch, after a reader leaves, and periodically. */
@Injectable()
export class PushService implements OnModuleInit {
  private readonly logger = new Logger(PushService.name);

  constructor(
    private readonly poll: PollService,
    private readonly feeds: FeedsService,
    private readonly websub: WebSubService,
    private readonly rssCloud: RssCloudService,
    private readonly pingCache: PingCacheService,
    private readonly addresses: UrlAddressPolicy,
  ) {}

  onModuleInit(): void {
    this.poll.onFeedFetched((feed, response, siteUrl) => this.afterFetch(feed, response, siteUrl));
    this.feeds.onUnsubscribed((feedId) => this.afterReaderLeft(feedId));
  }

  /** Whether the feed's publisher pushes to us now (the poller then polls it only as a safety net). */
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

  private async afterFetch(
    feed: FeedRef,
    response: SafeFetchResponse,
    siteUrl: string | null,
  ): Promise<void> {
    const contentType = [response.headers['content-type']].flat()[0];
    const body = decodeBody(response.body, contentType);
    const webSub = discoverWebSub(response.finalUrl, response.headers, body);
    await this.pingCache.refreshCluster(feed, webSub?.self ?? null, siteUrl);
    const hubs = await this.storable(feed, webSub?.hubs ?? []);
    if (webSub && hubs.length) await this.websub.ensureSubscribed(feed.id, { ...webSub, hubs });
    const cloud = discoverCloud(body);
    if (cloud && (await this.storable(feed, [cloud.registerUrl])).length)
      await this.rssCloud.ensureRegistered(feed, cloud);
  }

  /** The hub or cloud URLs a feed names that the address policy lets us store and call; the rest are logged. */
  private async storable(feed: FeedRef, urls: string[]): Promise<string[]> {
    const allowed: string[] = [];
    for (const url of urls) {
      const refusal = await this.addresses.refusalOf(url);
      if (refusal) this.logger.warn(`feed ${feed.id} names a push endpoint that is refused: ${refusal}`);
      else allowed.push(url);
    }
    return allowed;
  }

  private async afterReaderLeft(feedId: string): Promise<void> {
    if ((await this.feeds.subscriptionsOfFeed(feedId)).length > 0) return;
    await this.websub.unsubscribe(feedId);
    await this.rssCloud.forget(feedId);
    await this.pingCache.forget(feedId);
  }
}
