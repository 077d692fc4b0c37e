import { Inject, Injectable, Logger } from '@nestjs/common';
import { Clock } from '../common/clock';
import { CONFIG } from '../config/config.module';
import { Config } from '../config/load-config';
import { DeliveryService } from '../delivery/delivery.service';
import { EntriesService } from '../entries/entries.service';
import { NormalizedFeed } from '../entries/domain/normalized-entry';
import { parseFeed } from '../entries/domain/parse-feed';
import { Feed, FeedsService } from '../feeds/feeds.service';
import { nextPollAt } from './domain/poll-interval';
import { FetchedBody, FetchError, HttpClient } from './http-client';
import { PingQueue } from './push/domain/ping-queue';

export interface PollReport {
  polled: number;
  failed: number;
  newEntries: number;
  emailsEnqueued: number;
}

/** Told after each successful fetch, with what the publisher sent (push discovery reads it). */
export type FeedFetchedListener = (
  feed: Feed,
  response: FetchedBody,
  parsed: NormalizedFeed,
) => Promise<void>;

@Injectable()
export class PollService {
  private readonly logger = new Logger(PollService.name);
  /** Pinged feeds, fetched before scheduled ones (see PingQueue). */
  private readonly priorityLane: PingQueue;
  private draining: Promise<PollReport> | null = null;
  private readonly fetchListeners: FeedFetchedListener[] = [];

  constructor(
    private readonly feeds: FeedsService,
    private readonly entries: EntriesService,
    private readonly delivery: DeliveryService,
    private readonly http: HttpClient,
    private readonly clock: Clock,
    @Inject(CONFIG) config: Config,
  ) {
    this.priorityLane = new PingQueue(config.PING_COALESCE_SECONDS * 1000);
  }

  /** One poll cycle: pinged feeds first, then every due feed (every feed with `all`), then delivery. */
  async pollDue(options: { all?: boolean; now?: Date } = {}): Promise<PollReport> {
    const report = await this.drainPriorityLane();
    const now = options.now ?? this.clock.now();
    for (const feed of await this.feeds.dueFeeds(now, { all: options.all })) {
      await this.pollOne(feed, now, report);
    }
    return report;
  }

  /**
   * Fetches these feeds at once, ahead of scheduled polls, first in first out; a feed already waiting
   * or just fetched is coalesced. Resolves when the lane is empty (`refreshNow([])` waits for it).
   */
  refreshNow(feedIds: readonly string[]): Promise<PollReport> {
    const now = this.clock.now();
    for (const feedId of feedIds) this.priorityLane.enqueue(feedId, now);
    return this.drainPriorityLane();
  }

  /** Processes a body a publisher pushed (WebSub) exactly like a fetched one, without fetching. */
  async ingestBody(feedId: string, body: string): Promise<{ newEntries: number; emailsEnqueued: number }> {
    const feed = await this.feeds.getFeed(feedId);
    const now = this.clock.now();
    const { parsed, ...outcome } = await this.processBody(feed, body, now);
    await this.feeds.recordPoll(feed.id, {
      title: parsed.title ?? feed.title,
      lastPolledAt: feed.lastPolledAt ?? now,
      lastOutcome: 'pushed',
    });
    return outcome;
  }

  onFeedFetched(listener: FeedFetchedListener): void {
    this.fetchListeners.push(listener);
  }

  private drainPriorityLane(): Promise<PollReport> {
    if (this.draining) return this.draining;
    const run = this.drainLoop().finally(() => {
      this.draining = null;
      // A ping that arrived just after the loop's last look must not wait for the next cycle.
      if (this.priorityLane.size > 0) void this.drainPriorityLane();
    });
    this.draining = run;
    return run;
  }

  private async drainLoop(): Promise<PollReport> {
    const report: PollReport = { polled: 0, failed: 0, newEntries: 0, emailsEnqueued: 0 };
    for (let feedId = this.priorityLane.take(this.clock.now()); feedId !== null;) {
      const feed = await this.feeds.getFeed(feedId).catch(() => null);
      if (feed?.status === 'active') await this.pollOne(feed, this.clock.now(), report);
      this.priorityLane.done(feedId, this.clock.now());
      feedId = this.priorityLane.take(this.clock.now());
    }
    return report;
  }

  private async pollOne(feed: Feed, now: Date, report: PollReport): Promise<void> {
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

  private async pollFeed(feed: Feed, now: Date): Promise<{ newEntries: number; emailsEnqueued: number }> {
    const response = await this.http.get(feed.url);
    if (response.status !== 200) throw new FetchError(`http-${response.status}`, `HTTP ${response.status}`);
    const { parsed, ...outcome } = await this.processBody(feed, response.body, now);
    await this.feeds.recordPoll(feed.id, {
      title: parsed.title ?? feed.title,
      siteUrl: parsed.siteUrl ?? feed.siteUrl,
      lastPolledAt: now,
      nextPollAt: nextPollAt(now),
      errorCount: 0,
      lastError: null,
      lastOutcome: 'parsed',
    });
    for (const listener of this.fetchListeners) {
      await listener(feed, response, parsed).catch((error: Error) =>
        this.logger.warn(`after fetching feed ${feed.id}: ${error.message}`),
      );
    }
    return outcome;
  }

  /** The first poll of a feed records its entries as seen and emails nothing: no flood on subscribe. */
  private async processBody(feed: Feed, body: string, now: Date) {
    const parsed = await parseFeed(body);
    const isFirstPoll = feed.lastPolledAt === null;
    const inserted = await this.entries.ingest(feed.id, parsed.entries, now);
    const updatedFeed = { ...feed, title: parsed.title ?? feed.title };
    const emailsEnqueued = isFirstPoll ? 0 : await this.delivery.deliverNewEntries(updatedFeed, inserted);
    return { parsed, newEntries: isFirstPoll ? 0 : inserted.length, emailsEnqueued };
  }
}
