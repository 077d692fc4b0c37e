import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, LessThan, Repository } from 'typeorm';
import { newId } from '../common/ids';
import { chunksOf, readInChunks, writeInChunks } from '../db/chunked';
import { nextBatch, PruneBatch, PruneRequest } from '../db/prune-batch';
import { insertRows, placeholders, selectRows } from '../db/raw-rows';
import { retryLostRaces } from '../db/transactions';
import { DigestCadence, DigestIssue } from './domain/digest-schedule';
import { IssueScope, issuesWithItems, itemsByIssue, WaitingItem } from './domain/issue-items';
import { DigestRunEntity, DigestRunStatus } from './digest-run.entity';
import { PendingDigestItemEntity } from './pending-digest-item.entity';

export type DigestRun = Readonly<DigestRunEntity>;
export type PendingDigestItem = Readonly<PendingDigestItemEntity>;
export interface IssueOutcome {
  runId: string;
  status: DigestRunStatus;
  entryCount: number;
}
export type NewPendingItem = Pick<
  PendingDigestItemEntity,
  'userId' | 'subscriptionId' | 'entryId' | 'cadence' | 'createdAt' | 'repeatOfEntryId'
>;

/**
 * Pending items and digest issues. Concurrency comes from the database alone: an issue is claimed by
 * inserting its unique (user, issue key) row, naming the claiming process whose heartbeat renews its
 * short lease; a claim whose lease ran out (its process died) is taken over by compare-and-set on the
 * lease, and items join an issue by a conditional update, so each item lands in exactly one issue.
 */
@Injectable()
export class DigestRepository {
  constructor(
    @InjectRepository(PendingDigestItemEntity) private readonly items: Repository<PendingDigestItemEntity>,
    @InjectRepository(DigestRunEntity) private readonly runs: Repository<DigestRunEntity>,
  ) {}

  /** Adds items; an entry already waiting for the same subscription is left as it is. */
  async addPending(items: readonly NewPendingItem[]): Promise<void> {
    const rows = items.map((item) => ({ ...item, id: newId(), digestRunId: null }));
    await insertRows(this.items.manager, PendingDigestItemEntity, rows, { ignoreDuplicates: true });
  }

  /** Each user and cadence with items not yet in an issue. */
  async waitingCadences(): Promise<Array<{ userId: string; cadence: DigestCadence }>> {
    return this.items
      .createQueryBuilder('item')
      .select('item.user_id', 'userId')
      .addSelect('item.cadence', 'cadence')
      .where('item.digest_run_id IS NULL')
      .groupBy('item.user_id')
      .addGroupBy('item.cadence')
      .getRawMany();
  }

  /**
   * Of these issues, those that some waiting item belongs to (`IssueScope`), asked in one statement per
   * few hundred readers: each reader's waiting items are read grouped by subscription, oldest first.
   */
  async withItemsDue<I extends IssueScope>(issues: readonly I[]): Promise<I[]> {
    const userIds = [...new Set(issues.map((issue) => issue.userId))];
    const waiting = await readInChunks(userIds, (chunk) =>
      selectRows<WaitingItem>(
        this.items.manager,
        PendingDigestItemEntity,
        'SELECT user_id, cadence, subscription_id, MIN(created_at) AS created_at FROM pending_digest_items ' +
          `WHERE digest_run_id IS NULL AND user_id IN (${placeholders(chunk.length)}) ` +
          'GROUP BY user_id, cadence, subscription_id',
        chunk,
      ),
    );
    return issuesWithItems(issues, waiting);
  }

  /**
   * Claims these issues for `owner` until `leaseUntil` with one multi-row insert: an issue whose unique
   * (user, issue key) row exists already (sent, empty, or being composed by another process) is skipped,
   * and only the rows this call inserted, read back by their new ids, are returned as claimed.
   */
  async claim(
    issues: ReadonlyArray<{ userId: string; issue: DigestIssue }>,
    now: Date,
    owner: string,
    leaseUntil: Date,
  ): Promise<DigestRun[]> {
    const runs: DigestRunEntity[] = issues.map(({ userId, issue }) => ({
      id: newId(),
      userId,
      issueKey: issue.key,
      dueAt: issue.dueAt,
      status: 'composing',
      leaseUntil,
      claimedBy: owner,
      entryCount: 0,
      createdAt: now,
      finishedAt: null,
    }));
    // Two processes claiming the same readers at once can deadlock on MySQL (each holding a gap of the
    // unique key that the other's rows go into): the loser inserted nothing and tries again.
    await retryLostRaces(() =>
      insertRows(this.runs.manager, DigestRunEntity, runs, { ignoreDuplicates: true }),
    );
    const inserted = await readInChunks(
      runs.map((run) => run.id),
      (chunk) => this.runs.find({ select: { id: true }, where: { id: In(chunk) } }),
    );
    const isOurs = new Set(inserted.map((run) => run.id));
    return runs.filter((run) => isOurs.has(run.id));
  }

  /**
   * Issues whose process stopped before finishing (a crash, or a clean stop that gave them back): taken
   * over for `owner` until `leaseUntil`, one by one by compare-and-set.
   */
  async takeOverAbandoned(now: Date, owner: string, leaseUntil: Date): Promise<DigestRun[]> {
    const abandoned = await this.runs.findBy({ status: 'composing', leaseUntil: LessThan(now) });
    const taken: DigestRun[] = [];
    for (const run of abandoned) {
      const result = await this.runs.update(
        { id: run.id, status: 'composing', leaseUntil: run.leaseUntil! },
        { leaseUntil, claimedBy: owner },
      );
      if (result.affected === 1) taken.push({ ...run, leaseUntil, claimedBy: owner });
    }
    return taken;
  }

  /** The heartbeat of `owner`: the issues it composes keep their claim until `leaseUntil`. */
  async renewClaims(owner: string, leaseUntil: Date, ids: readonly string[]): Promise<void> {
    // Beside other processes' claims (multi-row inserts), a renewal can be a deadlock's victim: it renews again.
    await writeInChunks(ids, (chunk) =>
      retryLostRaces(() =>
        this.runs.update({ id: In(chunk), claimedBy: owner, status: 'composing' }, { leaseUntil }),
      ),
    );
  }

  /** Issues `owner` claimed and did not finish are free for any process at once (a clean stop). */
  async releaseClaims(owner: string, now: Date): Promise<void> {
    const expired = new Date(now.getTime() - 1);
    await this.runs.update(
      { claimedBy: owner, status: 'composing' },
      { leaseUntil: expired, claimedBy: null },
    );
  }

  /**
   * Moves each issue's waiting items (`IssueScope`) into it, and returns each issue's items by run id,
   * oldest first: those moved now and those an earlier attempt at the issue moved (a taken-over issue).
   * The move is conditional on the item still waiting, so each item lands in one issue only.
   */
  async collectItems(
    issues: ReadonlyArray<IssueScope & { runId: string }>,
  ): Promise<Map<string, PendingDigestItem[]>> {
    const manager = this.items.manager;
    const userIds = [...new Set(issues.map((issue) => issue.userId))];
    const waiting = await readInChunks(userIds, (chunk) =>
      selectRows<WaitingItem & { id: string }>(
        manager,
        PendingDigestItemEntity,
        'SELECT id, user_id, subscription_id, cadence, created_at FROM pending_digest_items ' +
          `WHERE digest_run_id IS NULL AND user_id IN (${placeholders(chunk.length)})`,
        chunk,
      ),
    );
    const moves = itemsByIssue(issues, waiting);
    for (const chunk of chunksOf(moves)) {
      const ids = chunk.map(({ item }) => item.id);
      await manager.query(
        `UPDATE pending_digest_items SET digest_run_id = CASE id ${chunk.map(() => 'WHEN ? THEN ?').join(' ')} END ` +
          `WHERE id IN (${placeholders(ids.length)}) AND digest_run_id IS NULL`,
        [...chunk.flatMap(({ item, issue }) => [item.id, issue.runId]), ...ids],
      );
    }
    const items = await readInChunks(
      issues.map((issue) => issue.runId),
      (chunk) => this.items.find({ where: { digestRunId: In(chunk) }, order: { createdAt: 'ASC' } }),
    );
    const byRun = new Map<string, PendingDigestItem[]>(issues.map((issue) => [issue.runId, []]));
    for (const item of items) byRun.get(item.digestRunId!)!.push(item);
    return byRun;
  }

  /**
   * Retention: deletes issues finished (sent or empty) before `before`, oldest first. Only the latest
   * issue of a cadence is ever claimed, so an old issue's row is not needed to keep it from recurring.
   */
  async deleteFinished({ before, limit }: PruneRequest): Promise<PruneBatch> {
    const runs = await this.runs.find({
      select: { id: true, finishedAt: true },
      where: { status: In(['sent', 'empty']), finishedAt: LessThan(before) },
      order: { finishedAt: 'ASC' },
      take: limit,
    });
    if (runs.length) await this.runs.delete({ id: In(runs.map((run) => run.id)) });
    return nextBatch(
      runs.map((run) => run.finishedAt!),
      limit,
    );
  }

  /** Records the issues' outcomes, one statement per kind of outcome; their items have served and are removed. */
  async finish(outcomes: readonly IssueOutcome[], now: Date): Promise<void> {
    const alike = new Map<string, { status: DigestRunStatus; entryCount: number; runIds: string[] }>();
    for (const { runId, status, entryCount } of outcomes) {
      const key = `${status}:${entryCount}`;
      (alike.get(key) ?? alike.set(key, { status, entryCount, runIds: [] }).get(key)!).runIds.push(runId);
    }
    for (const { status, entryCount, runIds } of alike.values())
      await writeInChunks(runIds, (chunk) =>
        this.runs.update(
          { id: In(chunk) },
          { status, entryCount, leaseUntil: null, claimedBy: null, finishedAt: now },
        ),
      );
    await writeInChunks(
      outcomes.map((outcome) => outcome.runId),
      (chunk) => this.items.delete({ digestRunId: In(chunk) }),
    );
  }
}
