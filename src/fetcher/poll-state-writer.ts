import { EntriesService } from '../entries/entries.service';
import { FeedPollUpdate, FeedsService } from '../feeds/feeds.service';

const BATCH_SIZE = 1000;

/**
 * Collects the feed-state updates of a poll cycle, and the entries whose delivery it planned, and writes
 * them in batches. Losing a batch in a crash only means those feeds are polled again (every poll is
 * idempotent) and those entries planned again by the next cycle (emails and digest items have unique keys).
 */
export class PollStateWriter {
  private pending: Array<{ feedId: string; update: FeedPollUpdate }> = [];
  private planned: string[] = [];
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly feeds: FeedsService,
    private readonly entries: EntriesService,
    private readonly now: Date,
  ) {}

  add(feedId: string, update: FeedPollUpdate): Promise<void> {
    this.pending.push({ feedId, update });
    return this.pending.length >= BATCH_SIZE ? this.flush() : Promise.resolve();
  }

  /** These entries' delivery has been planned: recorded with the next batch. */
  addPlanned(entryIds: readonly string[]): void {
    this.planned.push(...entryIds);
  }

  flush(): Promise<void> {
    const batch = this.pending;
    const planned = this.planned;
    this.pending = [];
    this.planned = [];
    this.writing = this.writing
      .catch(() => undefined)
      .then(() =>
        // MySQL may pick this batch as a deadlock victim against another worker's writes: retry it once.
        this.feeds
          .recordPolls(batch)
          .catch((error: { code?: string }) => {
            if (error.code !== 'ER_LOCK_DEADLOCK') throw error;
            return this.feeds.recordPolls(batch);
          })
          .then(() => this.entries.markDeliveryPlanned(planned, this.now)),
      );
    return this.writing;
  }
}
