import { Inject, Injectable, Logger } from '@nestjs/common';
import { Clock } from '../common/clock';
import { CONFIG } from '../config/config.module';
import { Config } from '../config/load-config';
import { FeedsService, FeedSummary } from '../feeds/feeds.service';
import { FeedPoller, FeedPollResult } from './feed-poller';
import { HostHoldsService, hostOf } from './host-holds.service';
import { runWithHostLimits, shuffled } from './host-pool';
import { PollStateWriter } from './poll-state-writer';

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
  /** Feeds claimed by a cycle of this process: a cycle never polls a feed another cycle still has in hand. */
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
    const due = await this.feeds.dueFeeds(now, { all: options.all });
    const limits = {
      concurrency: this.config.FETCH_CONCURRENCY,
      perHost: this.config.FETCH_PER_HOST,
      gapMs: this.config.FETCH_HOST_GAP_MS,
    };
    const writer = new PollStateWriter(this.feeds);
    const work = due.map((feed) => ({ feed, host: hostOf(feed.url) }));
    // A feed stays claimed until its new state is written, so an overlapping cycle cannot poll it again.
    const claimed: string[] = [];
    try {
      await runWithHostLimits(
        shuffled(work),
        (item) => item.host,
        limits,
        async ({ feed, host }) => {
          // Checked when the work starts, not when the cycle loads: overlapping cycles load the same feeds.
          if (this.inFlight.has(feed.id)) return;
          this.inFlight.add(feed.id);
          claimed.push(feed.id);
          const result = await this.pollOne(feed, host, now, holds, writer);
          if (result) tally(report, result);
        },
      );
      await writer.flush();
    } finally {
      for (const feedId of claimed) this.inFlight.delete(feedId);
    }
    return report;
  }

  private async pollOne(
    feed: FeedSummary,
    host: string,
    now: Date,
    holds: Map<string, Date>,
    writer: PollStateWriter,
  ): Promise<FeedPollResult | null> {
    try {
      const heldUntil = holds.get(host);
      if (heldUntil && heldUntil > now) {
        await writer.add(feed.id, { nextPollAt: heldUntil });
        return null;
      }
      const result = await this.poller.poll(feed, now, writer);
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
