import { FeedPollUpdate, FeedsService } from '../feeds/feeds.service';

const BATCH_SIZE = 1000;

/**
 * Collects the feed-state updates of a poll cycle and writes them in batches, one transaction each.
 * Losing a batch in a crash only means those feeds are polled again: every poll is idempotent.
 */
export class PollStateWriter {
  private pending: Array<{ feedId: string; update: FeedPollUpdate }> = [];
  private writing: Promise<void> = Promise.resolve();

  constructor(private readonly feeds: FeedsService) {}

  add(feedId: string, update: FeedPollUpdate): Promise<void> {
    this.pending.push({ feedId, update });
    return this.pending.length >= BATCH_SIZE ? this.flush() : Promise.resolve();
  }

  flush(): Promise<void> {
    const batch = this.pending;
    this.pending = [];
    this.writing = this.writing
      .catch(() => undefined)
      .then(() =>
        // MySQL may pick this batch as a deadlock victim against another worker's writes: retry it once.
        this.feeds.recordPolls(batch).catch((error: { code?: string }) => {
          if (error.code !== 'ER_LOCK_DEADLOCK') throw error;
          return this.feeds.recordPolls(batch);
        }),
      );
    return this.writing;
  }
}
