import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, Repository } from 'typeorm';
import { chunksOf } from '../db/chunked';
import { insertRows, placeholders, storedValue } from '../db/raw-rows';
import { Transactions } from '../db/transactions';
import { InboxBudgetDayEntity } from './inbox-budget-day.entity';

/** A reader's local day: where their budget's count is kept. */
export interface BudgetDay {
  userId: string;
  dayStart: Date;
}

/**
 * The `inbox_budget_days` table: each reader's emails of the local day as admissions counted them. An
 * admission locks its readers' rows (inserted if new, in user order so that two workers lock them in the
 * same order; on SQLite the first write takes the file's lock), decides with what they hold, and writes
 * the new counts before the lock is let go: two workers cannot both spend the last email of a day.
 */
@Injectable()
export class InboxBudgetRepository {
  constructor(
    @InjectRepository(InboxBudgetDayEntity) private readonly rows: Repository<InboxBudgetDayEntity>,
    private readonly transactions: Transactions,
  ) {}

  /**
   * `decide` gets the count held for each reader (by user id) and returns the counts after this
   * admission; run again from the start if the transaction lost a race, so it must only compute.
   */
  reserve(
    days: readonly BudgetDay[],
    decide: (used: ReadonlyMap<string, number>) => ReadonlyMap<string, number>,
  ): Promise<void> {
    if (days.length === 0) return Promise.resolve();
    const sorted = [...days].sort((a, b) => (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0));
    return this.transactions.run(async (manager) => {
      await insertRows(
        manager,
        InboxBudgetDayEntity,
        sorted.map((day) => ({ ...day, used: 0 })),
        { ignoreDuplicates: true },
      );
      const used = await this.lockedCounts(manager, sorted);
      const after = decide(used);
      const changed = sorted.filter((day) => {
        const count = after.get(day.userId);
        return count !== undefined && count !== used.get(day.userId);
      });
      await this.writeCounts(manager, changed, after);
      await this.forgetDaysBefore(manager, sorted);
    });
  }

  private async lockedCounts(
    manager: EntityManager,
    days: readonly BudgetDay[],
  ): Promise<Map<string, number>> {
    const forUpdate = manager.connection.options.type === 'mysql' ? ' FOR UPDATE' : '';
    const counts = new Map<string, number>();
    for (const [dayStart, group] of byDayStart(days))
      for (const chunk of chunksOf(group)) {
        const found: Array<{ userId: string; used: number | string }> = await manager.query(
          `SELECT user_id AS userId, used FROM inbox_budget_days WHERE day_start = ? AND user_id IN (${placeholders(chunk.length)})${forUpdate}`,
          [this.stored(manager, new Date(dayStart)), ...chunk.map((day) => day.userId)],
        );
        for (const row of found) counts.set(row.userId, Number(row.used));
      }
    return counts;
  }

  /** One statement per local day and few hundred readers: `used = CASE user_id WHEN … THEN … END`. */
  private async writeCounts(
    manager: EntityManager,
    days: readonly BudgetDay[],
    counts: ReadonlyMap<string, number>,
  ): Promise<void> {
    for (const [dayStart, group] of byDayStart(days))
      for (const chunk of chunksOf(group)) {
        const userIds = chunk.map((day) => day.userId);
        await manager.query(
          `UPDATE inbox_budget_days SET used = CASE user_id ${userIds.map(() => 'WHEN ? THEN ?').join(' ')} END ` +
            `WHERE day_start = ? AND user_id IN (${placeholders(userIds.length)})`,
          [
            ...userIds.flatMap((userId) => [userId, counts.get(userId)]),
            this.stored(manager, new Date(dayStart)),
            ...userIds,
          ],
        );
      }
  }

  /** The rows of these readers' past days: their counts are no longer asked for. */
  private async forgetDaysBefore(manager: EntityManager, days: readonly BudgetDay[]): Promise<void> {
    for (const [dayStart, group] of byDayStart(days))
      for (const chunk of chunksOf(group))
        await manager.query(
          `DELETE FROM inbox_budget_days WHERE day_start < ? AND user_id IN (${placeholders(chunk.length)})`,
          [this.stored(manager, new Date(dayStart)), ...chunk.map((day) => day.userId)],
        );
  }

  private stored(manager: EntityManager, instant: Date): unknown {
    return storedValue(manager, InboxBudgetDayEntity, 'dayStart', instant);
  }
}

/** Readers of one timezone share their local day's start: one statement for each start. */
function byDayStart(days: readonly BudgetDay[]): Map<number, BudgetDay[]> {
  const groups = new Map<number, BudgetDay[]>();
  for (const day of days) {
    const key = day.dayStart.getTime();
    (groups.get(key) ?? groups.set(key, []).get(key)!).push(day);
  }
  return groups;
}
