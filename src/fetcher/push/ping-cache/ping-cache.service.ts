import { Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { Clock } from '../../../common/clock';
import { newId, sha256Hex } from '../../../common/ids';
import { isUniqueViolation } from '../../../common/zod-errors';
import { selectRows } from '../../../db/raw-rows';
import { Transactions } from '../../../db/transactions';
import { discoverFeeds } from '../../../feeds/domain/discover-feeds';
import { FeedRef } from '../../../feeds/feeds.service';
import { SafeHttpClient } from '../../safe-http-client';
import { clusterKeys, isSameCluster, planCluster } from '../domain/ping-cluster';
import { pingKey } from '../domain/ping-key';
import { PingUrlEntity } from './ping-url.entity';

/** A site's home page rarely needs more to announce its feeds in `<head>`. */
const MAX_PAGE_BYTES = 1024 * 1024;

/** URL → feeds: which feeds a ping for a URL should refresh. */
@Injectable()
export class PingCacheService {
  private readonly logger = new Logger(PingCacheService.name);

  constructor(
    @InjectRepository(PingUrlEntity) private readonly urls: Repository<PingUrlEntity>,
    private readonly transactions: Transactions,
    private readonly http: SafeHttpClient,
    private readonly clock: Clock,
  ) {}

  /** The feeds whose cluster holds this URL (none for a URL we do not track). */
  async feedsFor(url: string): Promise<string[]> {
    const key = pingKey(url);
    if (key === null) return [];
    const rows = await this.urls.find({ select: { feedId: true }, where: { keyHash: sha256Hex(key) } });
    return [...new Set(rows.map((row) => row.feedId))];
  }

  /**
   * Records a feed's cluster after a fetch (no write when it is unchanged); reads its site's page for
   * alternates weekly (through the guarded client: a site link naming a private address is refused like
   * any other request).
   */
  async refreshCluster(feed: FeedRef, selfUrl: string | null, siteUrl: string | null): Promise<void> {
    const now = this.clock.now();
    const current = await selectRows(
      this.urls.manager,
      PingUrlEntity,
      'SELECT url, source, refreshed_at FROM ping_urls WHERE feed_id = ?',
      [feed.id],
    );
    const plan = planCluster(current, { feedUrl: feed.url, selfUrl, siteUrl }, now);
    const alternates =
      plan.fetchSite && siteUrl && isSameHost(siteUrl, feed.url) ? await this.alternatesOn(siteUrl) : [];
    const rows = clusterKeys([
      ...plan.urls,
      ...alternates.map((url) => ({ url, source: 'alternate' as const, refreshedAt: now })),
    ]);
    if (isSameCluster(current, rows)) return;
    // Two refreshes of one feed at once: the one that loses the race on the unique key changes nothing.
    await this.transactions
      .run(async (manager) => {
        const repository = manager.getRepository(PingUrlEntity);
        await repository.delete({ feedId: feed.id });
        await repository.insert(
          rows.map(({ key, ...row }) => ({ ...row, id: newId(), feedId: feed.id, keyHash: sha256Hex(key) })),
        );
      })
      .catch((error: unknown) => {
        if (!isUniqueViolation(error)) throw error;
      });
  }

  async forget(feedId: string): Promise<void> {
    await this.urls.delete({ feedId });
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
