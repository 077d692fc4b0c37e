import { Injectable, Logger } from '@nestjs/common';
import { Clock } from '../common/clock';
import { DeliveryService } from '../delivery/delivery.service';
import { EntriesService } from '../entries/entries.service';
import { parseFeed } from '../entries/domain/parse-feed';
import { FeedsService, FeedSummary } from '../feeds/feeds.service';
import { nextPollAt } from './domain/poll-interval';
import { FetchError, HttpClient } from './http-client';

export interface PollReport {
  polled: number;
  failed: number;
  newEntries: number;
  emailsEnqueued: number;
}

@Injectable()
export class PollService {
  private readonly logger = new Logger(PollService.name);

  constructor(
    private readonly feeds: FeedsService,
    private readonly entries: EntriesService,
    private readonly delivery: DeliveryService,
    private readonly http: HttpClient,
    private readonly clock: Clock,
  ) {}

  /** One poll cycle: every due feed (every feed with `all`), then delivery of what it found. */
  async pollDue(options: { all?: boolean; now?: Date } = {}): Promise<PollReport> {
    const now = options.now ?? this.clock.now();
    const report: PollReport = { polled: 0, failed: 0, newEntries: 0, emailsEnqueued: 0 };
    for (const feed of await this.feeds.dueFeeds(now, { all: options.all })) {
      try {
        const { newEntries, emailsEnqueued } = await this.pollFeed(feed, now);
        report.polled += 1;
        report.newEntries += newEntries;
        report.emailsEnqueued += emailsEnqueued;
      } catch (error) {
        report.failed += 1;
        const message = (error as Error).message;
        this.logger.warn(`feed ${feed.id} failed: ${message}`);
        await this.feeds.recordPoll(feed.id, {
          lastPolledAt: now,
          nextPollAt: nextPollAt(now),
          errorCount: feed.errorCount + 1,
          lastError: message.slice(0, 1000),
          lastOutcome: error instanceof FetchError ? error.kind : 'parse-error',
        });
      }
    }
    return report;
  }

  /** The first poll of a feed records its entries as seen and emails nothing: no flood on subscribe. */
  private async pollFeed(
    feed: FeedSummary,
    now: Date,
  ): Promise<{ newEntries: number; emailsEnqueued: number }> {
    const response = await this.http.get(feed.url);
    if (response.status !== 200) throw new FetchError(`http-${response.status}`, `HTTP ${response.status}`);
    const parsed = await parseFeed(response.body);
    const isFirstPoll = feed.lastPolledAt === null;
    const inserted = await this.entries.ingest(feed.id, parsed.entries, now);
    const updatedFeed = { ...feed, title: parsed.title ?? feed.title };
    const emailsEnqueued = isFirstPoll ? 0 : await this.delivery.deliverNewEntries(updatedFeed, inserted);
    await this.feeds.recordPoll(feed.id, {
      title: parsed.title ?? feed.title,
      siteUrl: parsed.siteUrl ?? feed.siteUrl,
      lastPolledAt: now,
      nextPollAt: nextPollAt(now),
      errorCount: 0,
      lastError: null,
      lastOutcome: 'parsed',
    });
    return { newEntries: isFirstPoll ? 0 : inserted.length, emailsEnqueued };
  }
}
