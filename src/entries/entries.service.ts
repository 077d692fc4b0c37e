import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, In, IsNull, LessThanOrEqual, Repository } from 'typeorm';
import { newId } from '../common/ids';
import { insertRows, placeholders, selectRows } from '../db/raw-rows';
import { Transactions } from '../db/transactions';
import { dedupVerdict, effectivePublished, FeedMemory } from './domain/dedup-rules';
import { entryContentHash, entryIdentityHashes, titleDateHash } from './domain/entry-identity';
import { NormalizedEntry } from './domain/normalized-entry';
import { EntryEntity } from './entry.entity';

export type Entry = Readonly<EntryEntity>;

/** How many of a feed's newest entries the dedup rules and the poll interval look at. */
const MEMORY_DEPTH = 10;

@Injectable()
export class EntriesService {
  constructor(
    @InjectRepository(EntryEntity) private readonly entries: Repository<EntryEntity>,
    private readonly transactions: Transactions,
  ) {}

  /**
   * Stores a feed's entries and returns the new ones (in feed order). Known identities are updated in
   * place when edited and never returned; unknown ones that the dedup rules reject (a re-issued ID) are
   * stored with the reason, so their identity is remembered, and not returned either. With `deliver`,
   * the new ones wait for `markDeliveryPlanned` (see `awaitingDelivery`); without (a feed's first parse,
   * which emails nothing), every entry is stored as handled.
   */
  async ingest(
    feedId: string,
    incoming: NormalizedEntry[],
    now: Date,
    options: { deliver: boolean },
  ): Promise<Entry[]> {
    const identities = entryIdentityHashes(incoming);
    const byIdentity = new Map<string, NormalizedEntry>();
    incoming.forEach(
      (entry, index) => byIdentity.has(identities[index]) || byIdentity.set(identities[index], entry),
    );
    if (byIdentity.size === 0) return [];
    return this.transactions.run(async (manager) => {
      const repository = manager.getRepository(EntryEntity);
      const titleDates = new Map(
        [...byIdentity].map(([identity, entry]) => [identity, titleDateHash(entry)]),
      );
      const { known, memory } = await this.feedMemory(
        manager,
        feedId,
        byIdentity.keys(),
        titleDates.values(),
      );
      const inserted: EntryEntity[] = [];
      for (const [identityHash, entry] of byIdentity) {
        const contentHash = entryContentHash(entry);
        const existing = known.get(identityHash);
        if (existing) {
          if (existing.contentHash !== contentHash)
            await repository.update({ id: existing.id }, { ...columns(entry, now), contentHash });
          continue;
        }
        const titleDate = titleDates.get(identityHash)!;
        const verdict = dedupVerdict(
          { identityHash, titleDateHash: titleDate, published: entry.published },
          memory,
          now,
        );
        inserted.push(
          repository.create({
            id: newId(),
            feedId,
            identityHash,
            titleDateHash: titleDate,
            dedupVerdict: verdict,
            firstSeenAt: now,
            deliveryPlannedAt: options.deliver && verdict === 'new' ? null : now,
            ...columns(entry, now),
            contentHash,
          }),
        );
      }
      await insertRows(manager, EntryEntity, inserted);
      return inserted.filter((entry) => entry.dedupVerdict === 'new');
    });
  }

  /** The delivery planner has handled these entries (their emails and digest items exist). */
  async markDeliveryPlanned(entryIds: readonly string[], at: Date): Promise<void> {
    if (entryIds.length > 0) await this.entries.update({ id: In([...entryIds]) }, { deliveryPlannedAt: at });
  }

  /**
   * New entries first seen before `seenBefore` whose delivery was never planned: their poll stopped
   * between storing and delivering them (a crash, a restart). Oldest first, at most `limit`.
   */
  awaitingDelivery(seenBefore: Date, limit: number): Promise<Entry[]> {
    return this.entries.find({
      where: { deliveryPlannedAt: IsNull(), firstSeenAt: LessThanOrEqual(seenBefore) },
      order: { firstSeenAt: 'ASC', id: 'ASC' },
      take: limit,
    });
  }

  /** When the feed's newest entries were published, newest first: how often it really publishes. */
  async recentPublicationTimes(feedId: string): Promise<Date[]> {
    return newestPublished(this.entries.manager, feedId);
  }

  findByIds(ids: readonly string[]): Promise<Entry[]> {
    return ids.length ? this.entries.findBy({ id: In([...ids]) }) : Promise.resolve([]);
  }

  /** What the dedup rules need to know of the feed's stored entries: two indexed queries. */
  private async feedMemory(
    manager: EntityManager,
    feedId: string,
    identities: Iterable<string>,
    titleDates: Iterable<string | null>,
  ): Promise<{ known: Map<string, EntryEntity>; memory: FeedMemory }> {
    const identityList = [...identities];
    const titleDateList = [...new Set([...titleDates].filter((hash): hash is string => hash !== null))];
    const sameTitleDate = titleDateList.length
      ? ` OR title_date_hash IN (${placeholders(titleDateList.length)})`
      : '';
    const [matching, newest] = await Promise.all([
      selectRows(
        manager,
        EntryEntity,
        'SELECT id, identity_hash, content_hash, title_date_hash FROM entries ' +
          `WHERE feed_id = ? AND (identity_hash IN (${placeholders(identityList.length)})${sameTitleDate})`,
        [feedId, ...identityList, ...titleDateList],
      ),
      newestPublished(manager, feedId),
    ]);
    const isAsked = new Set(identityList);
    const isAskedTitleDate = new Set(titleDateList);
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

async function newestPublished(manager: EntityManager, feedId: string): Promise<Date[]> {
  const rows = await selectRows(
    manager,
    EntryEntity,
    'SELECT published_at FROM entries WHERE feed_id = ? AND published_at IS NOT NULL ' +
      `ORDER BY published_at DESC LIMIT ${MEMORY_DEPTH}`,
    [feedId],
  );
  return rows.map((row) => row.publishedAt!);
}

function columns(entry: NormalizedEntry, now: Date) {
  return {
    guid: entry.id,
    link: entry.link,
    title: entry.title,
    author: entry.author?.slice(0, 500) ?? null,
    summary: entry.summary,
    content: entry.content,
    publishedAt: effectivePublished(entry, now),
    updatedAt: entry.updated,
  };
}
