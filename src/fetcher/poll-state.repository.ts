import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Clock } from '../common/clock';
import { sha256Hex } from '../common/ids';
import { bulkUpdate } from '../db/bulk-update';
import { placeholders, selectRows, storedValue } from '../db/raw-rows';
import { Transactions } from '../db/transactions';
import { FeedPollState, FeedPollUpdate } from './domain/next-poll-state';

/**
 * A feed as a poll cycle loads it (thousands at a time): its poll state and subscriber count, without
 * the timestamps a poll only overwrites and the URL hash (reading those was a third of the load).
 */
export interface DueFeed extends FeedPollState {
  subscribers: number;
}

type FeedRow = FeedPollState & { urlHash: string; lastPolledAt: Date; nextPollAt: Date; updatedAt: Date };

/** Named by table: the entity class is the feeds module's own (it creates the row and reads it whole). */
const FEEDS = 'feeds';

/** The columns of `DueFeed`. */
const DUE_FEED_COLUMNS = [
  'id',
  'url',
  'title',
  'site_url',
  'status',
  'etag',
  'last_modified',
  'body_hash',
  'last_outcome',
  'error_count',
  'last_error',
  'failing_since',
  'broken_since',
  'poll_interval_seconds',
  'push_active_until',
  'redirect_candidate',
  'redirect_streak',
].map((column) => `f.${column}`);

/** Due feeds and their poll state, in hand-written SQL: a cycle reads and writes thousands of rows. */
@Injectable()
export class PollStateRepository {
  constructor(
    private readonly dataSource: DataSource,
    private readonly transactions: Transactions,
    private readonly clock: Clock,
  ) {}

  /**
   * Feeds still polled (active, or broken and waiting to recover) with at least one subscriber whose next
   * poll is due (every such feed with `all`; those of `only`, due or not). Gone feeds are never polled again.
   */
  async dueFeeds(
    now: Date,
    options: { all?: boolean; only?: readonly string[]; limit?: number } = {},
  ): Promise<DueFeed[]> {
    if (options.only?.length === 0) return [];
    const manager = this.dataSource.manager;
    const conditions = ["f.status IN ('active', 'broken')"];
    const parameters: unknown[] = [];
    if (options.only) {
      conditions.push(`f.id IN (${placeholders(options.only.length)})`);
      parameters.push(...options.only);
    } else if (!options.all) {
      conditions.push('f.next_poll_at <= ?');
      parameters.push(storedValue<FeedRow>(manager, FEEDS, 'nextPollAt', now));
    }
    const limit = options.limit === undefined ? '' : ` LIMIT ${Math.floor(options.limit)}`;
    const rows = await selectRows<DueFeed & { subscribers: number | string }>(
      manager,
      FEEDS,
      `SELECT ${DUE_FEED_COLUMNS.join(', ')}, c.subscribers FROM feeds f ` +
        'JOIN (SELECT feed_id, COUNT(*) AS subscribers FROM subscriptions GROUP BY feed_id) c ON c.feed_id = f.id ' +
        `WHERE ${conditions.join(' AND ')} ORDER BY f.next_poll_at${limit}`,
      parameters,
    );
    // MySQL counts arrive as strings (BIGINT).
    return rows.map((row) => ({ ...row, subscribers: Number(row.subscribers) }));
  }

  /** The feed with subscribers that is polled soonest, and when (the scheduler's order). */
  async nextDue(): Promise<{ url: string; nextPollAt: Date } | null> {
    const [next] = await selectRows<Pick<FeedRow, 'url' | 'nextPollAt'>>(
      this.dataSource.manager,
      FEEDS,
      "SELECT f.url, f.next_poll_at FROM feeds f WHERE f.status IN ('active', 'broken') " +
        'AND EXISTS (SELECT 1 FROM subscriptions s WHERE s.feed_id = f.id) ORDER BY f.next_poll_at LIMIT 1',
      [],
    );
    return next ?? null;
  }

  /** Records one feed's poll now (a moved URL may collide with another feed's: the caller decides). */
  async record(feedId: string, update: FeedPollUpdate): Promise<void> {
    await this.recordMany([{ feedId, update }]);
  }

  /** Records many polls in one transaction and few statements (feeds changing the same columns share one). */
  async recordMany(updates: ReadonlyArray<{ feedId: string; update: FeedPollUpdate }>): Promise<void> {
    if (updates.length === 0) return;
    const updatedAt = this.clock.now();
    const rows = updates.map(({ feedId, update }) => ({
      id: feedId,
      values: { ...update, ...(update.url ? { urlHash: sha256Hex(update.url) } : {}), updatedAt },
    }));
    await this.transactions.run((manager) => bulkUpdate<FeedRow>(manager, FEEDS, rows));
  }
}
