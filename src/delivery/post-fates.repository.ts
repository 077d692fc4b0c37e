import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { And, In, LessThan, MoreThanOrEqual, Repository } from 'typeorm';
import { readInChunks, writeInChunks } from '../db/chunked';
import { nextBatch, PruneBatch, PruneRequest } from '../db/prune-batch';
import { insertRows } from '../db/raw-rows';
import { FilterRule } from './domain/filter-entries';
import { PostFateEntity } from './post-fate.entity';

export type PostFate = Readonly<PostFateEntity>;

/** The reader's delivery record (`post_fates`): written in bulk as the planner decides, read per reader and feed. */
@Injectable()
export class PostFatesRepository {
  constructor(@InjectRepository(PostFateEntity) private readonly fates: Repository<PostFateEntity>) {}

  /** One statement per few thousand rows; a post planned again (an interrupted poll) keeps its first fate. */
  async record(fates: readonly PostFateEntity[]): Promise<void> {
    await insertRows(this.fates.manager, PostFateEntity, fates, { ignoreDuplicates: true });
  }

  /** A held copy was taken back for its origin's: the reader got the story as that post. */
  async markRepeat(userId: string, entryId: string, repeatOfEntryId: string): Promise<void> {
    await this.fates.update({ userId, entryId }, { fate: 'repeat', repeatOfEntryId, emailKey: null });
  }

  /** A digest issue showed the origin's copy of a story: it is the telling, the others repeat it. */
  async retell(
    userId: string,
    entryId: string,
    repeatOfEntryId: string | null,
    cadence: string,
  ): Promise<void> {
    const fate = repeatOfEntryId ? { fate: 'repeat' as const } : { fate: 'digest' as const, cadence };
    await this.fates.update({ userId, entryId }, { ...fate, repeatOfEntryId });
  }

  /** A digest issue went out with these posts of the reader. */
  async markInDigest(userId: string, entryIds: readonly string[], emailKey: string): Promise<void> {
    await writeInChunks(entryIds, (chunk) => this.fates.update({ userId, entryId: In(chunk) }, { emailKey }));
  }

  /** A digest issue left these posts out by the subscription's keep-k. */
  async markFiltered(userId: string, entryIds: readonly string[], rule: FilterRule): Promise<void> {
    await writeInChunks(entryIds, (chunk) =>
      this.fates.update({ userId, entryId: In(chunk) }, { fate: 'filtered', rule }),
    );
  }

  /** The reader's newest fates of one feed's posts (`ix_post_fates_reader_feed`). */
  latestOf(userId: string, feedId: string, limit: number): Promise<PostFateEntity[]> {
    return this.fates.find({
      where: { userId, feedId },
      order: { seenAt: 'DESC', entryId: 'DESC' },
      take: limit,
    });
  }

  /** Every reader's fate of these posts (their primary key's first column). */
  ofEntries(entryIds: readonly string[]): Promise<PostFateEntity[]> {
    return readInChunks(entryIds, (chunk) => this.fates.findBy({ entryId: In(chunk) }));
  }

  /**
   * Retention: the fates of a batch of posts seen before `before`, oldest first (`ix_post_fates_seen`);
   * every reader's fate of a post goes with it (they share its `seen_at`).
   */
  async deleteOld({ before, from, limit }: PruneRequest): Promise<PruneBatch> {
    const rows = await this.fates.find({
      select: { entryId: true, seenAt: true },
      where: { seenAt: from ? And(MoreThanOrEqual(from), LessThan(before)) : LessThan(before) },
      order: { seenAt: 'ASC' },
      take: limit,
    });
    const pruned = await writeInChunks([...new Set(rows.map((row) => row.entryId))], (chunk) =>
      this.fates.delete({ entryId: In(chunk), seenAt: LessThan(before) }),
    );
    return nextBatch(
      rows.map((row) => row.seenAt),
      limit,
      pruned,
    );
  }
}
