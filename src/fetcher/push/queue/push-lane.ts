import { Inject, Injectable, Logger } from '@nestjs/common';
import { pollsFeeds, PROCESS_ROLE, ProcessRole } from '../../../config/process-role';
import { FeedPollResult } from '../../feed-poller';
import { PingedFeedMarks } from '../../pinged-feed-marks';
import { PollService } from '../../poll.service';

/** How deep the waiting push work is: this process's lane, and the shared queue when there is one. */
export interface PushQueueDepth {
  pings: number;
  shared?: { waiting: number; active: number; delayed: number } | 'unreachable';
}

/**
 * Where pings (HTTP, XML-RPC, rssCloud) and WebSub content go. Without REDIS_URL: this process's own
 * priority lane and parse (`LocalPushLane`); with it, the shared BullMQ queue that every worker drains
 * (`QueuedPushLane`).
 */
export abstract class PushLane {
  /** These feeds changed: fetch them soon, first in first out, coalesced per feed. */
  abstract pinged(feedIds: readonly string[]): Promise<void>;
  /**
   * A hub pushed this body for the feed: parse, dedup and deliver it like a fetched one. Resolves with
   * the result when processed here, null when queued for a worker.
   */
  abstract pushed(feedId: string, body: Buffer, contentType?: string): Promise<FeedPollResult | null>;
  abstract depth(): Promise<PushQueueDepth>;
}

/**
 * Without Redis: a process that polls feeds fetches pinged ones itself (its priority lane); a web node
 * marks them due in the database for the workers' next cycle (`PingedFeedMarks`).
 */
@Injectable()
export class LocalPushLane extends PushLane {
  private readonly logger = new Logger(LocalPushLane.name);

  constructor(
    private readonly poll: PollService,
    private readonly marks: PingedFeedMarks,
    @Inject(PROCESS_ROLE) private readonly role: ProcessRole,
  ) {
    super();
  }

  async pinged(feedIds: readonly string[]): Promise<void> {
    // In the background: a ping is answered at once.
    const passedOn = pollsFeeds(this.role) ? this.poll.refreshNow(feedIds) : this.marks.mark(feedIds);
    passedOn.catch((error: Error) => this.logger.error(`refreshing pinged feeds: ${error.message}`));
  }

  pushed(feedId: string, body: Buffer, contentType?: string): Promise<FeedPollResult> {
    return this.poll.ingestBody(feedId, body, contentType);
  }

  async depth(): Promise<PushQueueDepth> {
    return { pings: this.poll.pingsWaiting };
  }
}
