import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { LessThan, Repository } from 'typeorm';
import { chunksOf } from '../db/chunked';
import { insertRows, placeholders, selectRows } from '../db/raw-rows';
import { earlierTelling, forgottenKeys, StoryOwner, Telling } from './domain/first-telling';
import { STORY_MEMORY_MS } from './domain/story-keys';
import { ReaderStoryEntity } from './reader-story.entity';

export interface ReaderTelling extends Telling {
  userId: string;
}

/**
 * Which entry first told each reader each story, for a week. Claiming is by insert (a row per reader and
 * story key, sorted so that two concurrent claims never take shared keys crosswise), then reading who
 * holds the keys: the unique key decides between feeds that bring the same story at the same time.
 */
@Injectable()
export class StoryMemoryRepository {
  constructor(@InjectRepository(ReaderStoryEntity) private readonly stories: Repository<ReaderStoryEntity>) {}

  /** For each telling, in order: the earlier telling it repeats, or null when it is the first (claimed). */
  async tell(tellings: readonly ReaderTelling[]): Promise<Array<StoryOwner | null>> {
    const rows = tellings
      .flatMap((telling) =>
        telling.keys.map((storyHash) => ({
          userId: telling.userId,
          storyHash,
          entryId: telling.entryId,
          subscriptionId: telling.subscriptionId,
          firstSeenAt: telling.firstSeenAt,
        })),
      )
      .sort((a, b) => compare(a.userId, b.userId) || compare(a.storyHash, b.storyHash));
    if (rows.length === 0) return tellings.map(() => null);
    const manager = this.stories.manager;
    await insertRows(manager, ReaderStoryEntity, rows, { ignoreDuplicates: true });
    const owners = await this.ownersOf(rows);
    const verdicts: Array<StoryOwner | null> = [];
    for (const telling of tellings) {
      const mine = owners.get(telling.userId) ?? [];
      const earlier = earlierTelling(telling, mine);
      verdicts.push(earlier);
      if (!earlier)
        for (const forgotten of forgottenKeys(telling, mine)) await this.takeOver(telling, forgotten);
    }
    return verdicts;
  }

  /**
   * The reader's stories held by `fromEntryId` pass to another telling (the origin's, whose copy was
   * sent instead of a held one), so that the held telling planned again is a repeat and sends nothing.
   */
  async handOver(
    userId: string,
    fromEntryId: string,
    to: { entryId: string; subscriptionId: string },
  ): Promise<void> {
    await this.stories.update({ userId, entryId: fromEntryId }, to);
  }

  /** Forgets what is older than the memory (a week). */
  async forgetBefore(now: Date): Promise<void> {
    await this.stories.delete({ firstSeenAt: LessThan(new Date(now.getTime() - STORY_MEMORY_MS)) });
  }

  /**
   * Who holds these (reader, key) pairs, read a slice of pairs at a time (they are sorted by reader):
   * a slice's readers and keys stay few enough for the primary key's ranges, where one statement for
   * every reader of a feed was a scan of the whole table.
   */
  private async ownersOf(rows: ReadonlyArray<{ userId: string; storyHash: string }>) {
    const byUser = new Map<string, StoryOwner[]>();
    const seen = new Set<string>();
    for (const chunk of chunksOf(rows)) {
      const asked = new Set(chunk.map((row) => `${row.userId} ${row.storyHash}`));
      const users = [...new Set(chunk.map((row) => row.userId))];
      const hashes = [...new Set(chunk.map((row) => row.storyHash))];
      const found = await selectRows<ReaderStoryEntity>(
        this.stories.manager,
        ReaderStoryEntity,
        'SELECT user_id, story_hash, entry_id, subscription_id, first_seen_at FROM reader_stories ' +
          `WHERE user_id IN (${placeholders(users.length)}) AND story_hash IN (${placeholders(hashes.length)})`,
        [...users, ...hashes],
      );
      for (const { userId, ...owner } of found) {
        const pair = `${userId} ${owner.storyHash}`;
        if (!asked.has(pair) || seen.has(pair)) continue;
        seen.add(pair);
        byUser.set(userId, [...(byUser.get(userId) ?? []), owner]);
      }
    }
    return byUser;
  }

  /** Compare-and-set: a concurrent telling that took it over first keeps it. */
  private async takeOver(telling: ReaderTelling, forgotten: StoryOwner): Promise<void> {
    await this.stories.update(
      { userId: telling.userId, storyHash: forgotten.storyHash, entryId: forgotten.entryId },
      { entryId: telling.entryId, subscriptionId: telling.subscriptionId, firstSeenAt: telling.firstSeenAt },
    );
  }
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
