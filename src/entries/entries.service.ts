import { Injectable } from '@nestjs/common';
import { newId } from '../common/ids';
import { PruneBatch, PruneRequest } from '../db/prune-batch';
import { dedupVerdict, effectivePublished, isReissuedNewer } from './domain/dedup-rules';
import { entryContentHash, entryIdentityHashes, titleDateHash } from './domain/entry-identity';
import { NormalizedEntry } from './domain/normalized-entry';
import { removalChanges, REMOVAL_WATCH_MS } from './domain/removed-entries';
import {
  EntriesRepository,
  EntryHeadline,
  EntryVersion,
  EntryWrites,
  StoredFeed,
} from './entries.repository';

export type { EntryHeadline, EntryVersion };
import { EntryEntity } from './entry.entity';

export type Entry = Readonly<EntryEntity>;

/** A known entry whose content changed on this poll, with the title and text it had before. */
export interface EntryRevision {
  entry: Entry;
  before: EntryVersion;
}

/** What a poll's body did to the feed's store. */
export interface Ingestion {
  /** The new entries, in feed order. */
  added: Entry[];
  revised: EntryRevision[];
}

/** A feed's entries: stored once per identity, judged by the dedup rules, remembered for ever. */
@Injectable()
export class EntriesService {
  constructor(private readonly repository: EntriesRepository) {}

  /** Retention: one batch of old entries loses its bodies; what dedup needs of them is kept for ever. */
  dropOldBodies(request: PruneRequest): Promise<PruneBatch> {
    return this.repository.dropOldBodies(request);
  }

  /**
   * Stores a feed's entries and returns the new ones (in feed order). Known identities are updated in
   * place when edited or re-issued with a newer date (the article behind them may have changed); those
   * whose title, link, text or author changed are returned as `revised`, with what they said before, for
   * delivery to judge (never as new); unknown ones that the dedup rules reject (a re-issued ID) are
   * stored with the reason, so their identity is remembered, and not returned either. With `deliver`,
   * the new ones wait for `markDeliveryPlanned` (see `awaitingDelivery`); without (a feed's first parse,
   * which emails nothing), every entry is stored as handled.
   */
  async ingest(
    feedId: string,
    incoming: NormalizedEntry[],
    now: Date,
    options: { deliver: boolean },
  ): Promise<Ingestion> {
    const identities = entryIdentityHashes(incoming);
    const byIdentity = new Map<string, NormalizedEntry>();
    incoming.forEach(
      (entry, index) => byIdentity.has(identities[index]) || byIdentity.set(identities[index], entry),
    );
    if (byIdentity.size === 0) return { added: [], revised: [] };
    const titleDates = new Map([...byIdentity].map(([identity, entry]) => [identity, titleDateHash(entry)]));
    const asked = {
      identities: [...byIdentity.keys()],
      titleDates: [...new Set([...titleDates.values()].filter((hash): hash is string => hash !== null))],
    };
    const { inserted, unplanned, revisedFrom } = await this.repository.store(feedId, asked, (stored) =>
      writesFor(feedId, byIdentity, titleDates, stored, now, options.deliver),
    );
    if (options.deliver) await this.noteRemovals(feedId, byIdentity, now);
    const revised = revisedFrom.size ? await this.repository.findByIds([...revisedFrom.keys()]) : [];
    const added = inserted.filter((entry) => entry.dedupVerdict === 'new');
    if (unplanned.length) added.push(...(await this.repository.findByIds(unplanned)));
    const feedOrder = new Map(asked.identities.map((identity, index) => [identity, index]));
    return {
      added: added.sort((a, b) => feedOrder.get(a.identityHash)! - feedOrder.get(b.identityHash)!),
      revised: revised.map((entry) => ({ entry, before: revisedFrom.get(entry.id)! })),
    };
  }

  /**
   * Posts first seen within the last day that this body no longer lists, though it lists older ones
   * (`removalChanges`), are marked removed; marked ones listed again are not any more.
   */
  private async noteRemovals(
    feedId: string,
    byIdentity: ReadonlyMap<string, NormalizedEntry>,
    now: Date,
  ): Promise<void> {
    const published = [...byIdentity.values()].map((entry) => effectivePublished(entry, now));
    // Entries published before the oldest one listed cannot count as removed; a week bounds the read.
    const oldest = Math.min(...published.map((date) => date.getTime()), now.getTime() - REMOVAL_WATCH_MS);
    const since = new Date(Math.max(oldest, now.getTime() - 8 * REMOVAL_WATCH_MS));
    const recent = await this.repository.recentOf(feedId, since);
    const { removed, restored } = removalChanges(
      recent,
      { identities: new Set(byIdentity.keys()), published },
      now,
    );
    if (removed.length) await this.repository.setRemovedAt(removed, now);
    if (restored.length) await this.repository.setRemovedAt(restored, null);
  }

  /** The delivery planner has handled these entries (their emails and digest items exist). */
  markDeliveryPlanned(entryIds: readonly string[], at: Date): Promise<void> {
    return this.repository.markDeliveryPlanned(entryIds, at);
  }

  /**
   * New entries first seen before `seenBefore` whose delivery was never planned: their poll stopped
   * between storing and delivering them (a crash, a restart). Oldest first, at most `limit`.
   */
  awaitingDelivery(seenBefore: Date, limit: number): Promise<Entry[]> {
    return this.repository.awaitingDelivery(seenBefore, limit);
  }

  /** When the feed's newest entries were published, newest first: how often it really publishes. */
  recentPublicationTimes(feedId: string): Promise<Date[]> {
    return this.repository.newestPublished(feedId);
  }

  /** How many entries are stored, all feeds together. */
  count(): Promise<number> {
    return this.repository.count();
  }

  /** Title, link and date of these entries (no bodies), in no particular order. */
  headlinesOf(ids: readonly string[]): Promise<EntryHeadline[]> {
    return this.repository.headlinesOf(ids);
  }

  findByIds(ids: readonly string[]): Promise<Entry[]> {
    return this.repository.findByIds(ids);
  }
}

/** Edited known entries are rewritten; unknown ones are stored with the dedup rules' verdict. */
function writesFor(
  feedId: string,
  byIdentity: ReadonlyMap<string, NormalizedEntry>,
  titleDates: ReadonlyMap<string, string | null>,
  { known, memory }: StoredFeed,
  now: Date,
  deliver: boolean,
): EntryWrites {
  const writes: EntryWrites = { edited: [], inserted: [], unplanned: [] };
  for (const [identityHash, entry] of byIdentity) {
    const contentHash = entryContentHash(entry);
    const existing = known.get(identityHash);
    if (existing) {
      // Stored by a poll that failed before planning its delivery (this poll holds the feed now): it
      // is delivered as new, as it reads now, rather than after the grace `awaitingDelivery` is given.
      const isUnplanned = deliver && existing.deliveryPlannedAt === null;
      if (isUnplanned) writes.unplanned.push(existing.id);
      const isChanged = existing.contentHash !== contentHash;
      const isRevised = isChanged && !isUnplanned;
      if (isChanged || isReissuedNewer(existing, entry, now))
        writes.edited.push({ id: existing.id, values: { ...columns(entry, now), contentHash }, isRevised });
      continue;
    }
    const titleDate = titleDates.get(identityHash)!;
    const verdict = dedupVerdict(
      { identityHash, titleDateHash: titleDate, published: entry.published },
      memory,
      now,
    );
    writes.inserted.push({
      id: newId(),
      feedId,
      identityHash,
      titleDateHash: titleDate,
      dedupVerdict: verdict,
      firstSeenAt: now,
      deliveryPlannedAt: deliver && verdict === 'new' ? null : now,
      removedAt: null,
      ...columns(entry, now),
      contentHash,
    });
  }
  return writes;
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
