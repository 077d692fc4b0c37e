import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { And, Brackets, In, LessThan, MoreThanOrEqual, Not, Repository } from 'typeorm';
import { newId } from '../common/ids';
import { isUniqueViolation } from '../common/zod-errors';
import { bulkUpdate } from '../db/bulk-update';
import { chunksBySize, readInChunks, writeInChunks } from '../db/chunked';
import { nextBatch, PruneBatch, PruneRequest } from '../db/prune-batch';
import { insertRows, placeholders, selectRows, storedValue } from '../db/raw-rows';
import { Transactions } from '../db/transactions';
import { OutboxEmailEntity } from './outbox-email.entity';

/** Characters of bodies in one multi-row insert: even at 4 bytes each, half MySQL's 16 MiB packet. */
const BODY_CHARACTERS = 2_000_000;

/** How a claimed row ends its attempt: its new state, the claim's lease cleared. */
export type AttemptEnd = Partial<
  Pick<OutboxEmailEntity, 'status' | 'attempts' | 'nextAttemptAt' | 'sentAt' | 'lastError' | 'deferredSince'>
>;

/** The `outbox_emails` table: rows stored whole, claimed by compare-and-set, moved through their states. */
@Injectable()
export class OutboxRepository {
  constructor(
    @InjectRepository(OutboxEmailEntity) private readonly rows: Repository<OutboxEmailEntity>,
    private readonly transactions: Transactions,
  ) {}

  /** Stores a new row without reading it back; false when its dedup key was stored before. */
  async insert(row: OutboxEmailEntity): Promise<boolean> {
    try {
      await insertRows(this.rows.manager, OutboxEmailEntity, [row]);
      return true;
    } catch (error) {
      if (isUniqueViolation(error)) return false;
      throw error;
    }
  }

  /**
   * Stores new rows, several per statement; a row whose dedup key was stored before is skipped. Returns
   * how many were stored: the rows found again by their new ids. The rows go in dedup key order, so two
   * processes storing the same keys take their locks in the same order (no deadlock on MySQL).
   */
  async insertAll(rows: readonly OutboxEmailEntity[]): Promise<number> {
    const sorted = [...rows].sort((a, b) => (a.dedupKey < b.dedupKey ? -1 : a.dedupKey > b.dedupKey ? 1 : 0));
    for (const chunk of chunksBySize(sorted, (row) => row.html.length + row.text.length, BODY_CHARACTERS))
      await insertRows(this.rows.manager, OutboxEmailEntity, chunk, { ignoreDuplicates: true });
    const counts = await readInChunks(
      rows.map((row) => row.id),
      (ids): Promise<Array<{ stored: number | string }>> =>
        this.rows.manager.query(
          `SELECT COUNT(*) AS stored FROM outbox_emails WHERE id IN (${placeholders(ids.length)})`,
          ids,
        ),
    );
    return counts.reduce((sum, { stored }) => sum + Number(stored), 0);
  }

  /**
   * Claims up to `limit` due rows (pending and due, or still sending after their lease ended: their
   * process died) for `owner` with one conditional UPDATE stamping a new claim token and the lease: two
   * workers never claim the same row. Each half of "due" is read on its own, in the order of the index
   * on (status, next_attempt_at), so a claim reads `limit` rows: as one OR, it sorted the whole backlog on
   * every claim (emptying N emails cost N²).
   */
  async claimDue(now: Date, leaseUntil: Date, limit: number, owner: string): Promise<OutboxEmailEntity[]> {
    const isDue = new Brackets((where) =>
      where
        .where('status = :pending AND next_attempt_at <= :now')
        .orWhere('status = :sending AND lease_until < :now'),
    );
    const parameters = { pending: 'pending', sending: 'sending', now };
    const manager = this.rows.manager;
    const at = storedValue(manager, OutboxEmailEntity, 'nextAttemptAt', now);
    const due = (condition: string) =>
      selectRows<Pick<OutboxEmailEntity, 'id' | 'nextAttemptAt'>>(
        manager,
        OutboxEmailEntity,
        `SELECT id, next_attempt_at FROM outbox_emails WHERE ${condition} ` +
          `ORDER BY next_attempt_at LIMIT ${Math.floor(limit)}`,
        [at],
      );
    const candidates = [
      ...(await due("status = 'pending' AND next_attempt_at <= ?")),
      ...(await due("status = 'sending' AND lease_until < ?")),
    ]
      .sort((a, b) => a.nextAttemptAt.getTime() - b.nextAttemptAt.getTime())
      .slice(0, limit);
    if (candidates.length === 0) return [];
    const claimToken = newId();
    await this.rows
      .createQueryBuilder()
      .update()
      .set({ status: 'sending', leaseUntil, claimToken, claimedBy: owner })
      .where('id IN (:...ids)', { ids: candidates.map((row) => row.id) })
      .andWhere(isDue)
      .setParameters(parameters)
      .execute();
    return this.rows.find({ where: { claimToken, status: 'sending' }, order: { createdAt: 'ASC' } });
  }

  /**
   * Retention: empties the bodies of finished emails (sent or failed) enqueued before `before`, oldest
   * first; the row stays (its Message-ID threads replies, its dedup key keeps it sent once).
   */
  async dropOldBodies({ before, from, limit }: PruneRequest): Promise<PruneBatch> {
    const rows = await this.rows.find({
      select: { id: true, createdAt: true },
      where: {
        status: In(['sent', 'failed']),
        createdAt: from ? And(MoreThanOrEqual(from), LessThan(before)) : LessThan(before),
        html: Not(''),
      },
      order: { createdAt: 'ASC' },
      take: limit,
    });
    if (rows.length) await this.rows.update({ id: In(rows.map((row) => row.id)) }, { html: '', text: '' });
    return nextBatch(
      rows.map((row) => row.createdAt),
      limit,
    );
  }

  async endAttempt(id: string, end: AttemptEnd): Promise<void> {
    await this.rows.update({ id }, { ...end, leaseUntil: null, claimedBy: null });
  }

  /** Ends many attempts in one transaction (`bulkUpdate`: a few statements per hundred rows). */
  async endAttempts(ends: ReadonlyArray<{ id: string; end: AttemptEnd }>): Promise<void> {
    await this.transactions.run((manager) =>
      bulkUpdate(
        manager,
        OutboxEmailEntity,
        ends.map(({ id, end }) => ({ id, values: { ...end, leaseUntil: null, claimedBy: null } })),
      ),
    );
  }

  /** The heartbeat of `owner`: the rows it is sending keep their claim until `leaseUntil`. */
  async renewClaims(owner: string, leaseUntil: Date, ids: readonly string[]): Promise<void> {
    await writeInChunks(ids, (chunk) =>
      this.rows.update({ id: In(chunk), claimedBy: owner, status: 'sending' }, { leaseUntil }),
    );
  }

  /** Rows `owner` claimed and did not finish go back to the queue, due at once (a clean stop). */
  async releaseClaims(owner: string, now: Date): Promise<number> {
    const result = await this.rows.update(
      { claimedBy: owner, status: 'sending' },
      { status: 'pending', nextAttemptAt: now, leaseUntil: null, claimedBy: null },
    );
    return result.affected ?? 0;
  }

  /**
   * A destination domain is held: its waiting rows (any case of the address) move to the end of the
   * hold, each saying why; returns how many moved.
   */
  async deferDomain(domain: string, until: Date, reason: string, now: Date): Promise<number> {
    const pattern = `%@${domain.toLowerCase().replace(/[!%_]/g, (c) => `!${c}`)}`;
    const result = await this.rows
      .createQueryBuilder()
      .update()
      .set({
        nextAttemptAt: until,
        lastError: reason.slice(0, 1000),
        deferredSince: () => 'COALESCE(deferred_since, :now)',
      })
      .where(
        "status = :pending AND next_attempt_at < :until AND LOWER(to_address) LIKE :pattern ESCAPE '!'",
        {
          pending: 'pending',
          until,
          pattern,
          now,
        },
      )
      .execute();
    return result.affected ?? 0;
  }

  /**
   * When the earliest row is due: a pending row's next attempt, or the end of the lease of a row being
   * sent (when its process died, another takes it then). Null when none is pending or being sent.
   */
  async nextDue(): Promise<Date | null> {
    const [pending, sending] = await Promise.all([
      this.rows.findOne({
        select: { id: true, nextAttemptAt: true },
        where: { status: 'pending' },
        order: { nextAttemptAt: 'ASC' },
      }),
      this.rows.findOne({
        select: { id: true, leaseUntil: true },
        where: { status: 'sending' },
        order: { leaseUntil: 'ASC' },
      }),
    ]);
    const instants = [pending?.nextAttemptAt, sending?.leaseUntil].filter((at): at is Date => !!at);
    return instants.length ? new Date(Math.min(...instants.map((at) => at.getTime()))) : null;
  }

  /** Puts a user's held rows back in the queue; returns how many. */
  async releaseHeld(userId: string, now: Date): Promise<number> {
    const result = await this.rows.update(
      { userId, status: 'held' },
      { status: 'pending', nextAttemptAt: now },
    );
    return result.affected ?? 0;
  }

  /**
   * Compare-and-set: deletes the row of this key while it waits on the hold it was enqueued with (due
   * after its creation, never attempted, not claimed); false once a flush took it or it is gone.
   */
  async deleteHeld(dedupKey: string): Promise<boolean> {
    const result = await this.rows
      .createQueryBuilder()
      .delete()
      .where('dedup_key = :dedupKey AND status = :pending AND attempts = 0', { dedupKey, pending: 'pending' })
      .andWhere('next_attempt_at > created_at')
      .execute();
    return (result.affected ?? 0) > 0;
  }

  countHeld(userId: string): Promise<number> {
    return this.rows.countBy({ userId, status: 'held' });
  }

  /** A user's emails of these kinds enqueued since `since`, whatever became of them. */
  countOfKindsSince(userId: string, kinds: readonly string[], since: Date): Promise<number> {
    return this.rows.countBy({ userId, kind: In([...kinds]), createdAt: MoreThanOrEqual(since) });
  }

  /** Of these users, how many emails of these kinds each was enqueued since `since` (none: absent). */
  async countsOfKindsSince(
    userIds: readonly string[],
    kinds: readonly string[],
    since: Date,
  ): Promise<Map<string, number>> {
    const manager = this.rows.manager;
    const counts = await readInChunks(
      userIds,
      (chunk): Promise<Array<{ userId: string; count: number | string }>> =>
        manager.query(
          `SELECT user_id AS userId, COUNT(*) AS count FROM outbox_emails WHERE user_id IN (${placeholders(chunk.length)})` +
            ` AND kind IN (${placeholders(kinds.length)}) AND created_at >= ? GROUP BY user_id`,
          [...chunk, ...kinds, storedValue(manager, OutboxEmailEntity, 'createdAt', since)],
        ),
    );
    return new Map(counts.map(({ userId, count }) => [userId, Number(count)]));
  }

  /** Puts the rows parked for this address (any case) back in the queue; returns how many. */
  async requeueSuppressed(address: string, now: Date): Promise<number> {
    const result = await this.rows
      .createQueryBuilder()
      .update()
      .set({ status: 'pending', nextAttemptAt: now })
      .where('status = :suppressed AND LOWER(to_address) = :address', {
        suppressed: 'suppressed',
        address: address.toLowerCase(),
      })
      .execute();
    return result.affected ?? 0;
  }

  async markFailed(id: string, lastError: string): Promise<void> {
    await this.rows.update({ id }, { status: 'failed', lastError });
  }

  /** Counts a delay report against the row; false for an unknown row. */
  async addSoftBounce(id: string): Promise<boolean> {
    return (await this.rows.increment({ id }, 'softBounces', 1)).affected === 1;
  }

  async subscriptionIdsOf(id: string): Promise<string[]> {
    const email = await this.rows.findOne({ select: { id: true, subscriptionIds: true }, where: { id } });
    return email?.subscriptionIds ?? [];
  }

  findById(id: string): Promise<OutboxEmailEntity | null> {
    return this.rows.findOneBy({ id });
  }

  async findByMessageIds(messageIds: string[]): Promise<OutboxEmailEntity[]> {
    return readInChunks(messageIds, (chunk) => this.rows.findBy({ messageId: In(chunk) }));
  }

  async findByDedupKeys(keys: string[]): Promise<OutboxEmailEntity[]> {
    return readInChunks(keys, (chunk) => this.rows.findBy({ dedupKey: In(chunk) }));
  }
}
