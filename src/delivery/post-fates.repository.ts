import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { And, In, LessThan, MoreThanOrEqual, Repository } from 'typeorm';
import { IDS_PER_STATEMENT, readInChunks, writeInChunks } from '../db/chunked';
import { nextBatch, PruneBatch, PruneRequest } from '../db/prune-batch';
import { insertRows, placeholders, storedValue } from '../db/raw-rows';
import { FilterRule } from './domain/filter-entries';
import { PostFateEntity } from './post-fate.entity';

export type PostFate = Readonly<PostFateEntity>;

/** Some posts of one reader. */
export interface ReaderPosts {
  userId: string;
  entryIds: readonly string[];
}

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

  /** Digest issues went out with these posts of their readers: each issue's are marked with its email's key. */
  async markInDigest(issues: ReadonlyArray<ReaderPosts & { emailKey: string }>): Promise<void> {
    for (const slices of statementsOf(issues)) {
      const emailKey = emailKeyCase(slices);
      const where = slicesCondition(slices);
      await this.fates.manager.query(`UPDATE post_fates SET email_key = ${emailKey.sql} WHERE ${where.sql}`, [
        ...emailKey.parameters,
        ...where.parameters,
      ]);
    }
  }

  /** Digest issues left these posts of their readers out by one keep-k rule. */
  async markFiltered(posts: readonly ReaderPosts[], rule: FilterRule): Promise<void> {
    const storedRule = storedValue(this.fates.manager, PostFateEntity, 'rule', rule);
    for (const slices of statementsOf(posts)) {
      const where = slicesCondition(slices);
      await this.fates.manager.query(`UPDATE post_fates SET fate = 'filtered', rule = ? WHERE ${where.sql}`, [
        storedRule,
        ...where.parameters,
      ]);
    }
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

/**
 * The statements that mark these readers' posts: each names at most `IDS_PER_STATEMENT` posts, a reader
 * with more being split over several.
 */
function statementsOf<P extends ReaderPosts>(posts: readonly P[]): P[][] {
  const statements: P[][] = [];
  let current: P[] = [];
  let room = IDS_PER_STATEMENT;
  for (const one of posts)
    for (let start = 0; start < one.entryIds.length;) {
      const entryIds = one.entryIds.slice(start, start + room);
      current.push({ ...one, entryIds });
      start += entryIds.length;
      room -= entryIds.length;
      if (room === 0) {
        statements.push(current);
        [current, room] = [[], IDS_PER_STATEMENT];
      }
    }
  if (current.length) statements.push(current);
  return statements;
}

interface Condition {
  sql: string;
  parameters: string[];
}

/** `(user_id = ? AND entry_id IN (…))`: one reader's posts, by the primary key. */
function readerPostsCondition({ userId, entryIds }: ReaderPosts): Condition {
  return {
    sql: `(user_id = ? AND entry_id IN (${placeholders(entryIds.length)}))`,
    parameters: [userId, ...entryIds],
  };
}

/**
 * These readers' posts: one condition per reader, or per post when the posts are fewer (readers of the
 * same posts). MariaDB's range optimizer weighs each OR-ed condition against both indexes that start
 * with `entry_id` or `user_id`: 500 readers of one post cost it 0.6 s as 500 conditions, 0.03 s as one.
 */
function slicesCondition(slices: readonly ReaderPosts[]): Condition {
  const readersOf = new Map<string, string[]>();
  for (const { userId, entryIds } of slices)
    for (const entryId of entryIds) {
      const readers = readersOf.get(entryId);
      if (readers) readers.push(userId);
      else readersOf.set(entryId, [userId]);
    }
  const conditions =
    readersOf.size < slices.length
      ? [...readersOf].map(([entryId, userIds]) => ({
          sql: `(entry_id = ? AND user_id IN (${placeholders(userIds.length)}))`,
          parameters: [entryId, ...userIds],
        }))
      : slices.map(readerPostsCondition);
  return {
    sql: conditions.map((c) => c.sql).join(' OR '),
    parameters: conditions.flatMap((c) => c.parameters),
  };
}

/** Each issue's email key for its posts: by reader when each reader has one issue here, as is usual. */
function emailKeyCase(slices: ReadonlyArray<ReaderPosts & { emailKey: string }>): Condition {
  if (new Set(slices.map((slice) => slice.userId)).size === slices.length)
    return {
      sql: `CASE user_id ${slices.map(() => 'WHEN ? THEN ?').join(' ')} END`,
      parameters: slices.flatMap((slice) => [slice.userId, slice.emailKey]),
    };
  const conditions = slices.map(readerPostsCondition);
  return {
    sql: `CASE ${conditions.map((c) => `WHEN ${c.sql} THEN ?`).join(' ')} END`,
    parameters: slices.flatMap((slice, index) => [...conditions[index].parameters, slice.emailKey]),
  };
}
