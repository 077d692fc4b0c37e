import { isUniqueViolation } from '../common/zod-errors';
import { EntriesService } from '../entries/entries.service';
import { FeedPollUpdate } from './domain/next-poll-state';
import { PollStateRepository } from './poll-state.repository';

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
    private readonly states: PollStateRepository,
    private readonly entries: EntriesService,
    private readonly now: Date,
    /** A poll cycle's writer ends each feed's poll claim with its new state; a pushed body's does not. */
    private readonly releasesClaims: boolean,
  ) {}

  /** A feed's new state, written with the next batch; a moved feed's at once (its new URL may be taken). */
  async add(feedId: string, update: FeedPollUpdate): Promise<void> {
    if (update.url) return this.move(feedId, update);
    this.pending.push({ feedId, update });
    if (this.pending.length >= BATCH_SIZE) await this.flush();
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
        // A deadlock's victim is run again by `Transactions`.
        this.states
          .recordMany(batch, this.options)
          .then(() => this.entries.markDeliveryPlanned(planned, this.now)),
      );
    return this.writing;
  }

  private async move(feedId: string, update: FeedPollUpdate): Promise<void> {
    await this.states.record(feedId, update, this.options).catch(async (error: unknown) => {
      // The new URL already belongs to another feed: keep polling this one where it is.
      if (!isUniqueViolation(error)) throw error;
      const { url: _taken, movedFrom: _from, movedAt: _at, ...unmoved } = update;
      await this.states.record(feedId, unmoved, this.options);
    });
  }

  private get options() {
    return { releasesClaims: this.releasesClaims };
  }
}
