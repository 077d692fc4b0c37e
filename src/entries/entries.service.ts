import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository } from 'typeorm';
import { newId } from '../common/ids';
import { Transactions } from '../db/transactions';
import { entryContentHash, entryIdentityHash } from './domain/entry-identity';
import { NormalizedEntry } from './domain/normalized-entry';
import { EntryEntity } from './entry.entity';

export type Entry = Readonly<EntryEntity>;

@Injectable()
export class EntriesService {
  constructor(
    @InjectRepository(EntryEntity) private readonly entries: Repository<EntryEntity>,
    private readonly transactions: Transactions,
  ) {}

  /**
   * Stores a feed's entries: unseen identities are inserted and returned (in feed order), edited ones
   * are updated in place and never returned, so they are never emailed again.
   */
  async ingest(feedId: string, incoming: NormalizedEntry[], now: Date): Promise<Entry[]> {
    const byIdentity = new Map<string, NormalizedEntry>();
    for (const entry of incoming) {
      const identity = entryIdentityHash(entry);
      if (!byIdentity.has(identity)) byIdentity.set(identity, entry);
    }
    if (byIdentity.size === 0) return [];
    return this.transactions.run(async (manager) => {
      const repository = manager.getRepository(EntryEntity);
      const known = await repository.find({
        select: { id: true, identityHash: true, contentHash: true },
        where: { feedId, identityHash: In([...byIdentity.keys()]) },
      });
      const knownByIdentity = new Map(known.map((entry) => [entry.identityHash, entry]));
      const inserted: EntryEntity[] = [];
      for (const [identityHash, entry] of byIdentity) {
        const contentHash = entryContentHash(entry);
        const existing = knownByIdentity.get(identityHash);
        if (!existing) {
          inserted.push(
            repository.create({
              id: newId(),
              feedId,
              identityHash,
              firstSeenAt: now,
              ...columns(entry),
              contentHash,
            }),
          );
        } else if (existing.contentHash !== contentHash) {
          await repository.update({ id: existing.id }, { ...columns(entry), contentHash });
        }
      }
      if (inserted.length) await repository.insert(inserted);
      return inserted;
    });
  }

  findByIds(ids: readonly string[]): Promise<Entry[]> {
    return ids.length ? this.entries.findBy({ id: In([...ids]) }) : Promise.resolve([]);
  }
}

function columns(entry: NormalizedEntry) {
  return {
    guid: entry.id,
    link: entry.link,
    title: entry.title,
    author: entry.author?.slice(0, 500) ?? null,
    summary: entry.summary,
    content: entry.content,
    publishedAt: entry.published,
    updatedAt: entry.updated,
  };
}
