import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  And,
  EntityManager,
  In,
  IsNull,
  LessThan,
  LessThanOrEqual,
  MoreThanOrEqual,
  Not,
  Repository,
} from 'typeorm';
import { readInChunks, writeInChunks } from '../db/chunked';
import { nextBatch, PruneBatch, PruneRequest } from '../db/prune-batch';
import { insertRows, placeholders, selectRows, storedValue } from '../db/raw-rows';
import { Transactions } from '../db/transactions';
import { FeedMemory } from './domain/dedup-rules';
import { RecentEntry } from './domain/removed-entries';
import { EntryEntity } from './entry.entity';

/** How many of a feed's newest entries the dedup rules and the poll interval look at. */
const MEMORY_DEPTH = 10;

/** What a feed's store holds of a poll's entries: those already known by identity, and the dedup memory. */
export interface StoredFeed {
  known: Map<
    string,
    Pick<EntryEntity, 'id' | 'contentHash' | 'publishedAt' | 'updatedAt' | 'deliveryPlannedAt'>
  >;
  memory: FeedMemory;
}

/** An entry as lists of posts show it. */
export type EntryHeadline = Pick<
  EntryEntity,
  'id' | 'feedId' | 'title' | 'link' | 'publishedAt' | 'removedAt'
>;

/** What to write for a poll's entries, decided from what was stored. */
export interface EntryWrites {
  /** `isRevised`: what a reader sees changed (not only a newer date). */
  edited: Array<{ id: string; values: Partial<EntryEntity>; isRevised: boolean }>;
  inserted: EntryEntity[];
  /** Known entries whose delivery an interrupted poll never planned: delivered by this one. */
  unplanned: string[];
}

/** What a reader saw of an entry before this poll revised it. */
export type EntryVersion = Pick<EntryEntity, 'title' | 'summary' | 'content'>;

/** The `entries` table, in hand-written SQL where a poll reads and writes (it runs for every new body). */
@Injectable()
export class EntriesRepository {
  constructor(
    @InjectRepository(EntryEntity) private readonly entries: Repository<EntryEntity>,
    private readonly transactions: Transactions,
  ) {}

  count(): Promise<number> {
    return this.entries.count();
  }

  /**
   * In one transaction: reads what the feed knows of these identities and title-date hashes, asks
   * `decide` what to write, and writes it. Returns the inserted rows.
   */
  store(
    feedId: string,
    asked: { identities: readonly string[]; titleDates: readonly string[] },
    decide: (stored: StoredFeed) => EntryWrites,
  ): Promise<{ inserted: EntryEntity[]; unplanned: string[]; revisedFrom: Map<string, EntryVersion> }> {
    return this.transactions.run(async (manager) => {
      const writes = decide(await this.storedFeed(manager, feedId, asked));
      const revisedFrom = await this.versionsOf(
        manager,
        writes.edited.filter((edit) => edit.isRevised).map((edit) => edit.id),
      );
      for (const { id, values } of writes.edited) await manager.update(EntryEntity, { id }, values);
      await insertRows(manager, EntryEntity, writes.inserted);
      return { inserted: writes.inserted, unplanned: writes.unplanned, revisedFrom };
    });
  }

  /** The title and text of these entries as stored now (before a revision overwrites them). */
  private async versionsOf(
    manager: EntityManager,
    ids: readonly string[],
  ): Promise<Map<string, EntryVersion>> {
    const rows = await readInChunks(ids, (chunk) =>
      selectRows(
        manager,
        EntryEntity,
        `SELECT id, title, summary, content FROM entries WHERE id IN (${placeholders(chunk.length)})`,
        chunk,
      ),
    );
    return new Map(rows.map(({ id, title, summary, content }) => [id, { title, summary, content }]));
  }

  async markDeliveryPlanned(entryIds: readonly string[], at: Date): Promise<void> {
    await writeInChunks(entryIds, (chunk) =>
      this.entries.update({ id: In(chunk) }, { deliveryPlannedAt: at }),
    );
  }

  /** New entries first seen before `seenBefore` whose delivery was never planned, oldest first. */
  awaitingDelivery(seenBefore: Date, limit: number): Promise<EntryEntity[]> {
    return this.entries.find({
      where: { deliveryPlannedAt: IsNull(), firstSeenAt: LessThanOrEqual(seenBefore) },
      order: { firstSeenAt: 'ASC', id: 'ASC' },
      take: limit,
    });
  }

  /** When the feed's newest entries were published, newest first. */
  newestPublished(feedId: string, manager: EntityManager = this.entries.manager): Promise<Date[]> {
    return selectRows(
      manager,
      EntryEntity,
      'SELECT published_at FROM entries WHERE feed_id = ? AND published_at IS NOT NULL ' +
        `ORDER BY published_at DESC LIMIT ${MEMORY_DEPTH}`,
      [feedId],
    ).then((rows) => rows.map((row) => row.publishedAt!));
  }

  /** The feed's entries published since then, for the removal rules (`ix_entries_feed_published`). */
  recentOf(feedId: string, publishedSince: Date): Promise<RecentEntry[]> {
    const manager = this.entries.manager;
    return selectRows(
      manager,
      EntryEntity,
      'SELECT id, identity_hash, published_at, first_seen_at, removed_at FROM entries ' +
        'WHERE feed_id = ? AND published_at >= ?',
      [feedId, storedValue(manager, EntryEntity, 'publishedAt', publishedSince)],
    );
  }

  async setRemovedAt(ids: readonly string[], removedAt: Date | null): Promise<void> {
    await writeInChunks(ids, (chunk) => this.entries.update({ id: In(chunk) }, { removedAt }));
  }

  /** What lists of posts show of these entries: not their bodies. */
  headlinesOf(ids: readonly string[]): Promise<EntryHeadline[]> {
    return readInChunks(ids, (chunk) =>
      this.entries.find({
        select: { id: true, feedId: true, title: true, link: true, publishedAt: true, removedAt: true },
        where: { id: In(chunk) },
      }),
    );
  }

  findByIds(ids: readonly string[]): Promise<EntryEntity[]> {
    return readInChunks(ids, (chunk) => this.entries.findBy({ id: In(chunk) }));
  }

  /**
   * Drops the bodies (summary, content) of delivered entries first seen before `before`, oldest first;
   * the identity, link, title, dates and hashes stay, so the dedup rules still know the entry.
   */
  async dropOldBodies({ before, from, limit }: PruneRequest): Promise<PruneBatch> {
    const old = {
      firstSeenAt: from ? And(MoreThanOrEqual(from), LessThan(before)) : LessThan(before),
      deliveryPlannedAt: Not(IsNull()),
    };
    const rows = await this.entries.find({
      select: { id: true, firstSeenAt: true },
      where: [
        { ...old, summary: Not(IsNull()) },
        { ...old, content: Not(IsNull()) },
      ],
      order: { firstSeenAt: 'ASC' },
      take: limit,
    });
    if (rows.length)
      await this.entries.update({ id: In(rows.map((row) => row.id)) }, { summary: null, content: null });
    return nextBatch(
      rows.map((row) => row.firstSeenAt),
      limit,
    );
  }

  /** What the dedup rules need to know of the feed's stored entries: two indexed queries. */
  private async storedFeed(
    manager: EntityManager,
    feedId: string,
    { identities, titleDates }: { identities: readonly string[]; titleDates: readonly string[] },
  ): Promise<StoredFeed> {
    // A body of thousands of entries is asked about a slice of hashes at a time (one statement for the
    // usual few); an entry matched by both of its hashes is kept once.
    const asked = [
      ...identities.map((hash) => ({ column: 'identity_hash', hash })),
      ...titleDates.map((hash) => ({ column: 'title_date_hash', hash })),
    ];
    const found = await readInChunks(asked, (chunk) => {
      const lists = ['identity_hash', 'title_date_hash'].flatMap((column) => {
        const hashes = chunk.filter((one) => one.column === column).map((one) => one.hash);
        return hashes.length ? [{ sql: `${column} IN (${placeholders(hashes.length)})`, hashes }] : [];
      });
      return selectRows(
        manager,
        EntryEntity,
        'SELECT id, identity_hash, content_hash, title_date_hash, published_at, updated_at, delivery_planned_at ' +
          'FROM entries ' +
          `WHERE feed_id = ? AND (${lists.map((list) => list.sql).join(' OR ')})`,
        [feedId, ...lists.flatMap((list) => list.hashes)],
      );
    });
    const newest = await this.newestPublished(feedId, manager);
    const matching = [...new Map(found.map((entry) => [entry.id, entry])).values()];
    const isAsked = new Set(identities);
    const isAskedTitleDate = new Set(titleDates);
    const known = matching.filter((entry) => isAsked.has(entry.identityHash));
    return {
      known: new Map(known.map((entry) => [entry.identityHash, entry])),
      memory: {
        knownIdentities: new Set(known.map((entry) => entry.identityHash)),
        knownTitleDates: new Set(
          matching
            .map((entry) => entry.titleDateHash)
            .filter((hash): hash is string => hash !== null && isAskedTitleDate.has(hash)),
        ),
        newestPublished: newest,
      },
    };
  }
}
