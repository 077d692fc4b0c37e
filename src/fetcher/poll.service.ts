import { Inject, Injectable, Logger } from '@nestjs/common';
import { Clock } from '../common/clock';
import { CONFIG } from '../config/config.module';
import { Config } from '../config/load-config';
import { FeedsService, FeedSummary } from '../feeds/feeds.service';
import { FeedPoller, FeedPollResult } from './feed-poller';
import { HostHoldsService, hostOf } from './host-holds.service';
import { runWithHostLimits, shuffled } from './host-pool';

export interface PollReport {
  polled: number;
  failed: number;
  newEntries: number;
  emailsEnqueued: number;
  /** How many polls each outcome ended in (`not-modified`, `same-hash`, `parsed`, `http-404`, …). */
  outcomes: Record<string, number>;
}

@Injectable()
export class PollService {
  private readonly logger = new Logger(PollService.name);
  /** Feeds being polled by this process: a cycle never polls a feed another cycle still has in hand. */
  private readonly inFlight = new Set<string>();

  constructor(
    private readonly feeds: FeedsService,
    private readonly poller: FeedPoller,
    private readonly holds: HostHoldsService,
    private readonly clock: Clock,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  /**
   * One poll cycle: the due feeds (every feed with `all`) in a random order, under the global and
   * per-host limits; feeds on a host that asked us to wait (Retry-After) are left for later.
   */
  async pollDue(options: { all?: boolean; now?: Date } = {}): Promise<PollReport> {
    const now = options.now ?? this.clock.now();
    const report: PollReport = { polled: 0, failed: 0, newEntries: 0, emailsEnqueued: 0, outcomes: {} };
    const holds = await this.holds.activeHolds(now);
    const due = (await this.feeds.dueFeeds(now, { all: options.all })).filter(
      (feed) => !this.inFlight.has(feed.id),
    );
    const limits = {
      concurrency: this.config.FETCH_CONCURRENCY,
      perHost: this.config.FETCH_PER_HOST,
      gapMs: this.config.FETCH_HOST_GAP_MS,
    };
    await runWithHostLimits(
      shuffled(due),
      (feed) => hostOf(feed.url),
      limits,
      async (feed) => {
        this.inFlight.add(feed.id);
        try {
          const result = await this.pollOne(feed, now, holds);
          if (result) tally(report, result);
        } finally {
          this.inFlight.delete(feed.id);
        }
      },
    );
    return report;
  }

  private async pollOne(
    feed: FeedSummary,
    now: Date,
    holds: Map<string, Date>,
  ): Promise<FeedPollResult | null> {
    const heldUntil = holds.get(hostOf(feed.url));
    if (heldUntil && heldUntil > now) {
      await this.feeds.recordPoll(feed.id, { nextPollAt: heldUntil });
      return null;
    }
    try {
      const result = await this.poller.poll(feed, now);
      if (result.outcome === 'http-429' || result.outcome === 'http-503') {
        const refreshed = await this.holds.activeHolds(now);
        for (const [host, until] of refreshed) holds.set(host, until);
      }
      return result;
    } catch (error) {
      this.logger.error(`feed ${feed.id}: ${(error as Error).message}`);
      return { outcome: 'internal-error', isFailure: true, newEntries: 0, emailsEnqueued: 0 };
    }
  }
}

function tally(report: PollReport, result: FeedPollResult): void {
  if (result.isFailure) report.failed += 1;
  else report.polled += 1;
  report.newEntries += result.newEntries;
  report.emailsEnqueued += result.emailsEnqueued;
  report.outcomes[result.outcome] = (report.outcomes[result.outcome] ?? 0) + 1;
}
