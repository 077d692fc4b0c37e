import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '../common/clock';
import { NotFoundError } from '../common/errors';
import { RandomNumbers } from '../common/random-numbers';
import { ShutdownSignal } from '../common/shutdown-signal';
import { CONFIG } from '../config/config.module';
import { Config } from '../config/load-config';
import { EntriesService } from '../entries/entries.service';
import { hostOf } from './domain/host-of';
import { FeedFetchedListener, FeedPoller, FeedPollResult } from './feed-poller';
import { GatedPoll, isHostBusy } from './gated-poll';
import { HostHoldsRepository } from './host-holds.repository';
import { runWithHostLimits } from './host-pool';
import { pollOrder } from './domain/poll-order';
import { InterruptedDeliveries } from './interrupted-deliveries';
import { PollClaims } from './poll-claims';
import { DueFeed, PollStateRepository } from './poll-state.repository';
import { emptyReport, INTERNAL_ERROR, PollReport, tally } from './poll-report';
import { PollStateWriter } from './poll-state-writer';
import { PingQueue } from './push/domain/ping-queue';

/** What becomes of a pinged feed once its cycle has it: polled, or held by another cycle (poll it later). */
interface PingedFeeds {
  done(feedId: string): void;
  busy(feedId: string): void;
}

@Injectable()
export class PollService {
  /** When each host last saw a request from this process: the gap holds across cycles. */
  private readonly lastStart = new Map<string, number>();
  /** Pinged feeds, polled first in first out ahead of scheduled ones, coalesced per feed. */
  private readonly priorityLane: PingQueue;
  private draining: Promise<PollReport> | null = null;

  constructor(
    private readonly states: PollStateRepository,
    private readonly entries: EntriesService,
    private readonly poller: FeedPoller,
    private readonly interrupted: InterruptedDeliveries,
    private readonly holds: HostHoldsRepository,
    private readonly claims: PollClaims,
    private readonly gatedPoll: GatedPoll,
    private readonly clock: Clock,
    private readonly random: RandomNumbers,
    private readonly shutdown: ShutdownSignal,
    @Inject(CONFIG) private readonly config: Config,
  ) {
    this.priorityLane = new PingQueue(config.PING_COALESCE_SECONDS * 1000);
  }

  /**
   * One poll cycle: the pinged feeds waiting in the priority lane, then the due feeds (every feed with
   * `all`) host by host in waves (`pollOrder`: every host's longest-due feed in a random order of hosts,
   * then every host's second, …), under the global and per-host limits; feeds on a host that asked us to
   * wait (Retry-After) are left for later. Each feed is claimed in the database before it is polled
   * (a few at a time), so several workers share the due feeds and never poll one twice. First, the
   * entries an interrupted poll stored but never delivered are delivered.
   */
  async pollDue(options: { all?: boolean; now?: Date } = {}): Promise<PollReport> {
    const now = options.now ?? this.clock.now();
    const report = emptyReport();
    report.emailsEnqueued += await this.interrupted.resume(now);
    const pinged = await this.takePinged(now);
    const isPinged = new Set(pinged.map((feed) => feed.id));
    const due = await this.states.dueFeeds(now, { all: options.all, unclaimedAt: this.clock.now() });
    const scheduled = pollOrder(
      due.filter((feed) => !isPinged.has(feed.id)),
      (feed) => hostOf(feed.url),
      () => this.random.next(),
    );
    return this.pollFeeds({ pinged, scheduled, dueAt: options.all ? null : now }, now, report);
  }

  /**
   * Polls these feeds at once, ahead of scheduled polls, first in first out; a feed already waiting is
   * not queued twice, and one pinged again while or just after it is polled gets one more poll when its
   * coalescing window (PING_COALESCE_SECONDS) ends. Resolves when the lane is empty.
   */
  async refreshNow(feedIds: readonly string[]): Promise<PollReport> {
    const now = this.clock.now();
    for (const feedId of feedIds) this.priorityLane.enqueue(feedId, now);
    this.draining ??= this.drainPriorityLane().finally(() => {
      this.draining = null;
      // A ping that arrived after the drain's last look must not wait for the next cycle.
      if (this.priorityLane.size > 0) void this.refreshNow([]);
    });
    return this.draining;
  }

  /**
   * Polls one pinged feed now (a job of the shared push queue, whose coalescing is kept in Redis):
   * `busy` when another cycle of any process holds it (it may have been fetched before the ping), `gone`
   * when it is no longer polled; not again when it was polled `unlessPolledSince` or later.
   */
  async pollPinged(feedId: string, unlessPolledSince?: Date): Promise<'polled' | 'busy' | 'gone'> {
    if (unlessPolledSince && (await this.states.polledSince(feedId, unlessPolledSince))) return 'polled';
    const now = this.clock.now();
    const [feed] = await this.states.dueFeeds(now, { only: [feedId] });
    if (!feed) return 'gone';
    let outcome: 'polled' | 'busy' = this.shutdown.isStopping ? 'busy' : 'polled';
    const lane = { done: () => undefined, busy: () => (outcome = 'busy') };
    await this.pollFeeds({ pinged: [feed], scheduled: [], dueAt: null }, now, emptyReport(), lane);
    return outcome;
  }

  /** The feed polled next when its time comes (among those with subscribers), or null when there is none. */
  nextDue(): Promise<{ url: string; nextPollAt: Date } | null> {
    return this.states.nextDue();
  }

  /** Processes a body the publisher pushed (WebSub) like a fetched one: parse, dedup, delivery. */
  async ingestBody(feedId: string, body: Buffer, contentType?: string): Promise<FeedPollResult> {
    const now = this.clock.now();
    const [feed] = await this.states.dueFeeds(now, { only: [feedId] });
    if (!feed) throw new NotFoundError(`no polled feed ${feedId}`);
    const writer = this.stateWriter(now, false);
    const result = await this.poller.ingestPushed(feed, body, now, writer, contentType);
    await writer.flush();
    return result;
  }

  /** Pinged feeds waiting in this process's priority lane. */
  get pingsWaiting(): number {
    return this.priorityLane.size;
  }

  /** A WebSub lease was verified (until then the feed is polled only as a safety net) or ended (null). */
  recordPushLease(feedId: string, pushActiveUntil: Date | null): Promise<void> {
    return this.states.record(feedId, { pushActiveUntil });
  }

  /** `listener` runs after each fetch that brought a new body (push discovery). */
  onFeedFetched(listener: FeedFetchedListener): void {
    this.poller.onFetched(listener);
  }

  private async drainPriorityLane(): Promise<PollReport> {
    const report = emptyReport();
    for (;;) {
      const now = this.clock.now();
      const pinged = await this.takePinged(now);
      if (pinged.length === 0) return report;
      await this.pollFeeds({ pinged, scheduled: [], dueAt: now }, now, report);
    }
  }

  /** Every feed ready in the priority lane, in order; those no longer polled leave it at once. */
  private async takePinged(now: Date): Promise<DueFeed[]> {
    const feedIds: string[] = [];
    for (let feedId = this.priorityLane.take(now); feedId !== null; feedId = this.priorityLane.take(now))
      feedIds.push(feedId);
    const feeds = new Map(
      (await this.states.dueFeeds(now, { only: feedIds })).map((feed) => [feed.id, feed]),
    );
    for (const feedId of feedIds) if (!feeds.has(feedId)) this.priorityLane.done(feedId, now);
    return feedIds.flatMap((feedId) => feeds.get(feedId) ?? []);
  }

  /**
   * Polls the pinged feeds, then the scheduled ones (those still due at `dueAt`, when given), under the
   * host limits, each once it is claimed; pinged ones leave the lane, or wait out their coalescing window
   * when another cycle (of any process) has them in hand.
   */
  private async pollFeeds(
    feeds: { pinged: DueFeed[]; scheduled: DueFeed[]; dueAt: Date | null },
    now: Date,
    report: PollReport,
    lane: PingedFeeds = this.localLane,
  ): Promise<PollReport> {
    const holds = await this.holds.activeHolds(now);
    const limits = {
      concurrency: this.config.FETCH_CONCURRENCY,
      perHost: this.config.FETCH_PER_HOST,
      gapMs: this.config.FETCH_HOST_GAP_MS,
    };
    const writer = this.stateWriter(now, true);
    const claim = this.claims.begin();
    const toWork = (feed: DueFeed) => ({ feed, host: hostOf(feed.url) });
    const claimed = async (batch: DueFeed[], dueAt: Date | null) => {
      const taken = new Set(
        await claim.take(
          batch.map((feed) => feed.id),
          dueAt,
        ),
      );
      return batch.filter((feed) => taken.has(feed.id));
    };
    const waiting = feeds.scheduled;
    /** How far the refills have gone through `waiting` (slices, not splices: 50,000 feeds moved per refill). */
    let offered = 0;
    const failed: string[] = [];
    // Feeds are claimed ahead, four times the concurrency at a time (one statement), so that a slot
    // whose host has no turn now (another worker's request, the gap) finds another host's feed claimed
    // and waiting: with twice, a fifth to a half of the slots sat idle with three workers.
    const claimAhead = limits.concurrency * 4;
    const more = async () => {
      while (offered < waiting.length && !this.shutdown.isStopping) {
        const batch = waiting.slice(offered, offered + claimAhead);
        offered += batch.length;
        const taken = await claimed(batch, feeds.dueAt);
        if (taken.length > 0) return taken.map(toWork);
      }
      return [];
    };
    try {
      const pinged = await claimed(feeds.pinged, null);
      const isClaimed = new Set(pinged.map((feed) => feed.id));
      for (const feed of feeds.pinged) if (!isClaimed.has(feed.id)) lane.busy(feed.id);
      const isPinged = new Set(pinged.map((feed) => feed.id));
      await runWithHostLimits(
        pinged.map(toWork),
        (item) => item.host,
        limits,
        async ({ feed, host }, sent) => {
          // Stopping: the polls under way finish, the feeds not begun stay due for the next process.
          if (this.shutdown.isStopping) return;
          const result = await this.gatedPoll.run(feed, host, now, holds, writer, sent);
          if (isHostBusy(result)) return result;
          if (result) tally(report, feed.url, result);
          if (result?.label === INTERNAL_ERROR) failed.push(feed.id);
          if (isPinged.has(feed.id)) lane.done(feed.id);
        },
        { more, lastStart: this.lastStart, refillBelow: claimAhead },
      );
    } finally {
      // What was polled is written before the claims end, even when the cycle failed (a refill that
      // could not claim): before, those states were lost and their feeds fetched again by other workers.
      try {
        await writer.flush();
      } finally {
        await claim.end(failed);
      }
    }
    return report;
  }

  /** This process's lane: a pinged feed another cycle holds is polled once more after the window. */
  private readonly localLane: PingedFeeds = {
    done: (feedId) => this.priorityLane.done(feedId, this.clock.now()),
    busy: (feedId) => {
      this.priorityLane.done(feedId, this.clock.now());
      this.priorityLane.enqueue(feedId, this.clock.now());
    },
  };

  private stateWriter(now: Date, releasesClaims: boolean): PollStateWriter {
    return new PollStateWriter(this.states, this.entries, now, releasesClaims);
  }
}
