import { Injectable, Logger } from '@nestjs/common';
import { Clock } from '../../../common/clock';
import { sha256Hex } from '../../../common/ids';
import { discoverFeeds } from '../../../feeds/domain/discover-feeds';
import { FeedRef } from '../../../feeds/feeds.service';
import { SafeHttpClient } from '../../../http/safe-http-client';
import { clusterKeys, isSameCluster, planCluster } from '../domain/ping-cluster';
import { pingKey } from '../domain/ping-key';
import { PingUrlsRepository } from './ping-urls.repository';

/** A site's home page rarely needs more to announce its feeds in `<head>`. */
const MAX_PAGE_BYTES = 1024 * 1024;

/** URL → feeds: which feeds a ping for a URL should refresh. */
@Injectable()
export class PingCacheService {
  private readonly logger = new Logger(PingCacheService.name);

  constructor(
    private readonly urls: PingUrlsRepository,
    private readonly http: SafeHttpClient,
    private readonly clock: Clock,
  ) {}

  /** The feeds whose cluster holds this URL (none for a URL we do not track). */
  async feedsFor(url: string): Promise<string[]> {
    const key = pingKey(url);
    if (key === null) return [];
    return [...new Set(await this.urls.feedIdsWithKey(sha256Hex(key)))];
  }

  /**
   * Records a feed's cluster after a fetch (no write when it is unchanged); reads its site's page for
   * alternates weekly (through the guarded client: a site link naming a private address is refused like
   * any other request).
   */
  async refreshCluster(feed: FeedRef, selfUrl: string | null, siteUrl: string | null): Promise<void> {
    const now = this.clock.now();
    const current = await this.urls.clusterOf(feed.id);
    const plan = planCluster(current, { feedUrl: feed.url, selfUrl, siteUrl }, now);
    const alternates =
      plan.fetchSite && siteUrl && isSameHost(siteUrl, feed.url) ? await this.alternatesOn(siteUrl) : [];
    const rows = clusterKeys([
      ...plan.urls,
      ...alternates.map((url) => ({ url, source: 'alternate' as const, refreshedAt: now })),
    ]);
    if (isSameCluster(current, rows)) return;
    await this.urls.replaceCluster(
      feed.id,
      rows.map(({ key, ...row }) => ({ ...row, keyHash: sha256Hex(key) })),
    );
  }

  async forget(feedId: string): Promise<void> {
    await this.urls.forget(feedId);
  }

  private async alternatesOn(siteUrl: string): Promise<string[]> {
    try {
      const page = await this.http.fetch(siteUrl, { accept: 'text/html', maxBytes: MAX_PAGE_BYTES });
      if (page.status !== 200) return [];
      return discoverFeeds(page.body.toString('utf8'), page.finalUrl).map((found) => found.url);
    } catch (error) {
      this.logger.debug(`site page ${siteUrl}: ${(error as Error).message}`);
      return [];
    }
  }
}

/**
 * The site page is read only on the feed's own host: a feed may name any site, and reading pages of
 * hosts the user never chose would let a feed make us probe them (and slow every first poll).
 */
function isSameHost(siteUrl: string, feedUrl: string): boolean {
  try {
    return new URL(siteUrl).host === new URL(feedUrl).host;
  } catch {
    return false;
  }
}
