import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, IsNull, LessThan, LessThanOrEqual, Repository } from 'typeorm';
import { newId } from '../common/ids';
import { writeInChunks } from '../db/chunked';
import { nextBatch, PruneBatch, PruneRequest } from '../db/prune-batch';
import { insertRows } from '../db/raw-rows';
import { isUniqueViolation } from '../common/zod-errors';
import { DigestCadence, DigestIssue } from './domain/digest-schedule';
import { DigestRunEntity, DigestRunStatus } from './digest-run.entity';
import { PendingDigestItemEntity } from './pending-digest-item.entity';

export type DigestRun = Readonly<DigestRunEntity>;
export type PendingDigestItem = Readonly<PendingDigestItemEntity>;
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

  /** Items of paused subscriptions (`excluded`) do not count: they wait for the resume. */
  async hasItemsDueFor(
    userId: string,
    issue: DigestIssue,
    excluded: readonly string[] = [],
  ): Promise<boolean> {
    const due = {
      userId,
      cadence: issue.cadence,
      digestRunId: IsNull(),
      createdAt: LessThanOrEqual(issue.dueAt),
    };
    if (excluded.length === 0) return this.items.existsBy(due);
    // The reader's paused subscriptions are left out here rather than in a NOT IN list of any length.
    const isExcluded = new Set(excluded);
    const waiting = await this.items
      .createQueryBuilder('item')
      .select('DISTINCT item.subscription_id', 'subscriptionId')
      .where('item.user_id = :userId AND item.cadence = :cadence AND item.digest_run_id IS NULL')
      .andWhere('item.created_at <= :dueAt')
      .setParameters({ userId, cadence: issue.cadence, dueAt: issue.dueAt })
      .getRawMany<{ subscriptionId: string }>();
    return waiting.some((row) => !isExcluded.has(row.subscriptionId));
  }

  /** Claims an issue for `owner` until `leaseUntil`; null when it exists already (sent, empty, or being composed). */
  async claim(
    userId: string,
    issue: DigestIssue,
    now: Date,
    owner: string,
    leaseUntil: Date,
  ): Promise<DigestRun | null> {
    const run: DigestRunEntity = {
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
    };
    try {
      await this.runs.insert(run);
      return run;
    } catch (error) {
      if (isUniqueViolation(error)) return null;
      throw error;
    }
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
    await writeInChunks(ids, (chunk) =>
      this.runs.update({ id: In(chunk), claimedBy: owner, status: 'composing' }, { leaseUntil }),
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
   * Moves the waiting items that were there at the issue's due time into the issue, except those of
   * paused subscriptions (`excluded`), which keep waiting; returns them all.
   */
  async collectItems(
    run: DigestRun,
    cadence: DigestCadence,
    excluded: readonly string[] = [],
  ): Promise<PendingDigestItem[]> {
    const due = {
      userId: run.userId,
      cadence,
      digestRunId: IsNull(),
      createdAt: LessThanOrEqual(run.dueAt),
    };
    if (excluded.length === 0) await this.items.update(due, { digestRunId: run.id });
    else {
      // Paused subscriptions' items keep waiting: the others are moved by id, a slice at a time.
      const isExcluded = new Set(excluded);
      const waiting = await this.items.find({ select: { id: true, subscriptionId: true }, where: due });
      const taken = waiting.filter((item) => !isExcluded.has(item.subscriptionId)).map((item) => item.id);
      await writeInChunks(taken, (chunk) =>
        this.items.update({ id: In(chunk), digestRunId: IsNull() }, { digestRunId: run.id }),
      );
    }
    return this.items.find({ where: { digestRunId: run.id }, order: { createdAt: 'ASC' } });
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

  /** Records the outcome; the issue's items have served their purpose and are removed. */
  async finish(runId: string, status: DigestRunStatus, entryCount: number, now: Date): Promise<void> {
    await this.runs.update(
      { id: runId },
      { status, entryCount, leaseUntil: null, claimedBy: null, finishedAt: now },
    );
    await this.items.delete({ digestRunId: runId });
  }
}
