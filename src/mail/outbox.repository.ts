import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Brackets, In, Repository } from 'typeorm';
import { newId } from '../common/ids';
import { isUniqueViolation } from '../common/zod-errors';
import { insertRows } from '../db/raw-rows';
import { OutboxEmailEntity } from './outbox-email.entity';

/** How a claimed row ends its attempt: its new state, the claim's lease cleared. */
export type AttemptEnd = Partial<
  Pick<OutboxEmailEntity, 'status' | 'attempts' | 'nextAttemptAt' | 'sentAt' | 'lastError'>
>;

/** The `outbox_emails` table: rows stored whole, claimed by compare-and-set, moved through their states. */
@Injectable()
export class OutboxRepository {
  constructor(@InjectRepository(OutboxEmailEntity) private readonly rows: Repository<OutboxEmailEntity>) {}

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
   * Claims up to `limit` due rows (pending and due, or still sending after their lease ended) with one
   * conditional UPDATE stamping a new claim token and the lease: two workers never claim the same row.
   */
  async claimDue(now: Date, leaseUntil: Date, limit: number): Promise<OutboxEmailEntity[]> {
    const isDue = new Brackets((where) =>
      where
        .where('status = :pending AND next_attempt_at <= :now')
        .orWhere('status = :sending AND lease_until < :now'),
    );
    const parameters = { pending: 'pending', sending: 'sending', now };
    const candidates = await this.rows
      .createQueryBuilder()
      .select('id')
      .where(isDue)
      .setParameters(parameters)
      .orderBy('next_attempt_at', 'ASC')
      .limit(limit)
      .getRawMany<{ id: string }>();
    if (candidates.length === 0) return [];
    const claimToken = newId();
    await this.rows
      .createQueryBuilder()
      .update()
      .set({ status: 'sending', leaseUntil, claimToken })
      .where('id IN (:...ids)', { ids: candidates.map((row) => row.id) })
      .andWhere(isDue)
      .setParameters(parameters)
      .execute();
    return this.rows.find({ where: { claimToken, status: 'sending' }, order: { createdAt: 'ASC' } });
  }

  async endAttempt(id: string, end: AttemptEnd): Promise<void> {
    await this.rows.update({ id }, { ...end, leaseUntil: null });
  }

  /** Puts a user's held rows back in the queue; returns how many. */
  async releaseHeld(userId: string, now: Date): Promise<number> {
    const result = await this.rows.update(
      { userId, status: 'held' },
      { status: 'pending', nextAttemptAt: now },
    );
    return result.affected ?? 0;
  }

  countHeld(userId: string): Promise<number> {
    return this.rows.countBy({ userId, status: 'held' });
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
    return messageIds.length ? this.rows.findBy({ messageId: In(messageIds) }) : [];
  }

  async findByDedupKeys(keys: string[]): Promise<OutboxEmailEntity[]> {
    return keys.length ? this.rows.findBy({ dedupKey: In(keys) }) : [];
  }
}
