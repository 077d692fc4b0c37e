import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Clock } from '../common/clock';
import { feedIdentityHash } from '../feeds/domain/feed-credentials';
import { bulkUpdate } from '../db/bulk-update';
import { IDS_PER_STATEMENT, readInChunks, writeInChunks } from '../db/chunked';
import {
  claimRows,
  clearedLease,
  LeaseClaim,
  LeaseColumns,
  releaseLeases,
  renewLeases,
} from '../db/claim-rows';
import { placeholders, selectRows, storedValue } from '../db/raw-rows';
import { Transactions } from '../db/transactions';
import { FeedPollState, FeedPollUpdate } from './domain/next-poll-state';

/**
 * A feed as a poll cycle loads it (thousands at a time): its poll state and subscriber count, without
 * the timestamps a poll only overwrites and the URL hash (reading those was a third of the load).
 */
export interface DueFeed extends FeedPollState {
  subscribers: number;
  /** Set for a feed behind a login (its fingerprint): the poll asks the feeds module for its header. */
  authFingerprint?: string | null;
}

type FeedRow = FeedPollState & {
  urlHash: string;
  lastPolledAt: Date;
  nextPollAt: Date;
  updatedAt: Date;
  pollClaimToken: string | null;
  pollClaimedBy: string | null;
  pollClaimedUntil: Date | null;
};

const CLAIM_COLUMNS: LeaseColumns<FeedRow> = {
  token: 'pollClaimToken',
  owner: 'pollClaimedBy',
  until: 'pollClaimedUntil',
};

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
  'auth_fingerprint',
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
   * With `unclaimedAt`, only feeds that no poll cycle holds at that instant.
   */
  async dueFeeds(
    now: Date,
    options: { all?: boolean; only?: readonly string[]; limit?: number; unclaimedAt?: Date } = {},
  ): Promise<DueFeed[]> {
    if (options.only?.length === 0) return [];
    if (options.only && options.only.length > IDS_PER_STATEMENT) {
      // A long list of pinged feeds is read a slice at a time (each slice in poll order).
      const found = await readInChunks(options.only, (only) => this.dueFeeds(now, { ...options, only }));
      return options.limit === undefined ? found : found.slice(0, Math.floor(options.limit));
    }
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
    if (options.unclaimedAt) {
      conditions.push('(f.poll_claimed_until IS NULL OR f.poll_claimed_until < ?)');
      parameters.push(storedValue<FeedRow>(manager, FEEDS, 'pollClaimedUntil', options.unclaimedAt));
    }
    const limit = options.limit === undefined ? '' : ` LIMIT ${Math.floor(options.limit)}`;
    // The due feeds are found through ix_feeds_next_poll_at, in its order (no sort), and their
    // subscribers counted for them alone through ix_subscriptions_feed: grouping every subscription on
    // each cycle of each worker grew with the whole table (1.46 s a cycle at 50,000 feeds). A count, not
    // EXISTS, which MariaDB turns into a semi-join that reads every subscription.
    const subscribers = '(SELECT COUNT(*) FROM subscriptions s WHERE s.feed_id = f.id)';
    const rows = await selectRows<DueFeed & { subscribers: number | string }>(
      manager,
      FEEDS,
      `SELECT ${DUE_FEED_COLUMNS.join(', ')}, ${subscribers} AS subscribers FROM feeds f ` +
        `WHERE ${conditions.join(' AND ')} AND ${subscribers} > 0 ORDER BY f.next_poll_at${limit}`,
      parameters,
    );
    // MySQL counts arrive as strings (BIGINT).
    return rows.map((row) => ({ ...row, subscribers: Number(row.subscribers) }));
  }

  /** Whether the feed was polled at or after `since`. */
  async polledSince(feedId: string, since: Date): Promise<boolean> {
    const manager = this.dataSource.manager;
    const rows = await manager.query('SELECT 1 AS found FROM feeds WHERE id = ? AND last_polled_at >= ?', [
      feedId,
      storedValue<FeedRow>(manager, FEEDS, 'lastPolledAt', since),
    ]);
    return rows.length > 0;
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

  /**
   * Claims those of `feedIds` that no cycle holds and, with `dueAt`, that are still due then (another
   * worker may have polled them since they were loaded); returns the ids claimed.
   */
  claim(feedIds: readonly string[], claim: LeaseClaim, dueAt: Date | null): Promise<string[]> {
    const manager = this.dataSource.manager;
    const condition = dueAt
      ? { sql: 'next_poll_at <= ?', parameters: [storedValue<FeedRow>(manager, FEEDS, 'nextPollAt', dueAt)] }
      : undefined;
    return claimRows<FeedRow>(manager, FEEDS, CLAIM_COLUMNS, feedIds, claim, condition);
  }

  /** These feeds are due at `now` (unless they are already): a worker's next cycle polls them. */
  async markDue(feedIds: readonly string[], now: Date): Promise<void> {
    if (feedIds.length === 0) return;
    const manager = this.dataSource.manager;
    const at = storedValue<FeedRow>(manager, FEEDS, 'nextPollAt', now);
    await writeInChunks(feedIds, (chunk) =>
      manager.query(
        `UPDATE feeds SET next_poll_at = ? WHERE id IN (${placeholders(chunk.length)}) AND next_poll_at > ?`,
        [at, ...chunk, at],
      ),
    );
  }

  renewClaims(owner: string, until: Date, tokens: readonly string[]): Promise<void> {
    return renewLeases<FeedRow>(this.dataSource.manager, FEEDS, CLAIM_COLUMNS, owner, until, tokens);
  }

  releaseClaims(holder: { token: string } | { owner: string }, keep: readonly string[] = []): Promise<void> {
    return releaseLeases<FeedRow>(this.dataSource.manager, FEEDS, CLAIM_COLUMNS, holder, keep);
  }

  /** Records one feed's poll now (a moved URL may collide with another feed's: the caller decides). */
  async record(
    feedId: string,
    update: FeedPollUpdate,
    options: { releasesClaims?: boolean } = {},
  ): Promise<void> {
    await this.recordMany([{ feedId, update }], options);
  }

  /**
   * Records many polls in one transaction and few statements (feeds changing the same columns share one);
   * with `releasesClaims`, the feeds' poll claims end with it (their next poll is written: no longer due).
   */
  async recordMany(
    updates: ReadonlyArray<{ feedId: string; update: FeedPollUpdate }>,
    options: { releasesClaims?: boolean } = {},
  ): Promise<void> {
    if (updates.length === 0) return;
    const updatedAt = this.clock.now();
    const released = options.releasesClaims ? clearedLease(CLAIM_COLUMNS) : {};
    const logins = await this.loginsOfMoved(updates);
    const rows = updates.map(({ feedId, update }) => ({
      id: feedId,
      values: {
        ...update,
        ...(update.url ? { urlHash: feedIdentityHash(update.url, logins.get(feedId) ?? null) } : {}),
        ...released,
        updatedAt,
      },
    }));
    await this.transactions.run((manager) => bulkUpdate<FeedRow>(manager, FEEDS, rows));
  }

  /** The login fingerprints of the feeds whose URL moves (rare): part of their identity. */
  private async loginsOfMoved(
    updates: ReadonlyArray<{ feedId: string; update: FeedPollUpdate }>,
  ): Promise<Map<string, string | null>> {
    const moved = updates.filter(({ update }) => update.url).map(({ feedId }) => feedId);
    if (moved.length === 0) return new Map();
    const rows = await readInChunks(
      moved,
      (chunk): Promise<Array<{ id: string; auth_fingerprint: string | null }>> =>
        this.dataSource.query(
          `SELECT id, auth_fingerprint FROM ${FEEDS} WHERE id IN (${placeholders(chunk.length)})`,
          chunk,
        ),
    );
    return new Map(rows.map((row) => [row.id, row.auth_fingerprint]));
  }
}
