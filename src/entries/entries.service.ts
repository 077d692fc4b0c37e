import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, In, IsNull, Not, Repository } from 'typeorm';
import { newId } from '../common/ids';
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
   * stored with the reason, so their identity is remembered, and not returned either.
   */
  async ingest(feedId: string, incoming: NormalizedEntry[], now: Date): Promise<Entry[]> {
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
            ...columns(entry, now),
            contentHash,
          }),
        );
      }
      if (inserted.length) await repository.insert(inserted);
      return inserted.filter((entry) => entry.dedupVerdict === 'new');
    });
  }

  /** When the feed's newest entries were published, newest first: how often it really publishes. */
  async recentPublicationTimes(feedId: string): Promise<Date[]> {
    const rows = await this.entries.find({
      select: { publishedAt: true },
      where: { feedId, publishedAt: Not(IsNull()) },
      order: { publishedAt: 'DESC' },
      take: MEMORY_DEPTH,
    });
    return rows.map((row) => row.publishedAt!);
  }

  findByIds(ids: readonly string[]): Promise<Entry[]> {
    return ids.length ? this.entries.findBy({ id: In([...ids]) }) : Promise.resolve([]);
  }

  private async feedMemory(
    manager: EntityManager,
    feedId: string,
    identities: Iterable<string>,
    titleDates: Iterable<string | null>,
  ): Promise<{ known: Map<string, EntryEntity>; memory: FeedMemory }> {
    const repository = manager.getRepository(EntryEntity);
    const titleDateList = [...new Set([...titleDates].filter((hash): hash is string => hash !== null))];
    const [known, sameTitleDate, newest] = await Promise.all([
      repository.find({
        select: { id: true, identityHash: true, contentHash: true },
        where: { feedId, identityHash: In([...identities]) },
      }),
      titleDateList.length
        ? repository.find({
            select: { titleDateHash: true },
            where: { feedId, titleDateHash: In(titleDateList) },
          })
        : [],
      repository.find({
        select: { publishedAt: true },
        where: { feedId, publishedAt: Not(IsNull()) },
        order: { publishedAt: 'DESC' },
        take: MEMORY_DEPTH,
      }),
    ]);
    return {
      known: new Map(known.map((entry) => [entry.identityHash, entry])),
      memory: {
        knownIdentities: new Set(known.map((entry) => entry.identityHash)),
        knownTitleDates: new Set(sameTitleDate.map((entry) => entry.titleDateHash!)),
        newestPublished: newest.map((entry) => entry.publishedAt!),
      },
    };
  }
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
