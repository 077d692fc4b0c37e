import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, In, Repository } from 'typeorm';
import { monotonicFactory } from 'ulid';
import { Clock } from '../common/clock';
import { isUniqueViolation } from '../common/zod-errors';
import { readInChunks } from '../db/chunked';
import { countGrouped, GroupCount } from '../db/count-grouped';
import { insertRows } from '../db/raw-rows';
import { Transactions } from '../db/transactions';
import { CreditAccountEntity } from './credit-account.entity';
import { LedgerEntryEntity, LedgerEntryKind } from './ledger-entry.entity';

/** Entry ids sort in the order this process wrote them, even within one millisecond (unlike `newId`). */
const newEntryId = monotonicFactory();

export interface NewLedgerEntry {
  userId: string;
  kind: LedgerEntryKind;
  /** Signed credits. */
  amount: number;
  idempotencyKey: string;
  reason: string;
  reference: string | null;
}

export interface RecordOptions {
  /** Refuse (rather than go below zero) when the balance cannot pay a negative amount. */
  noOverdraft?: boolean;
  /** More writes in the same transaction, before the entry; returning false abandons it as stale. */
  alongside?: (manager: EntityManager) => Promise<boolean>;
}

export interface Spend {
  userId: string;
  credits: number;
  idempotencyKey: string;
  reason: string;
  reference: string | null;
}

export type SpendOutcome = 'spent' | 'duplicate' | 'insufficient';

export type RecordOutcome = 'recorded' | 'duplicate' | 'insufficient' | 'stale';

export interface BalanceMismatch {
  userId: string;
  cachedBalance: number;
  sumOfEntries: number;
}

/**
 * The append-only ledger and the cached balance, always written together in one transaction. A spend
 * is one conditional UPDATE (`balance >= amount`), so that concurrent spends can never overdraw; the
 * unique idempotency key makes a repeated entry a no-op on both dialects.
 */
@Injectable()
export class LedgerRepository {
  constructor(
    @InjectRepository(LedgerEntryEntity) private readonly entries: Repository<LedgerEntryEntity>,
    @InjectRepository(CreditAccountEntity) private readonly accounts: Repository<CreditAccountEntity>,
    private readonly transactions: Transactions,
    private readonly clock: Clock,
  ) {}

  async record(entry: NewLedgerEntry, options: RecordOptions = {}): Promise<RecordOutcome> {
    if (!Number.isInteger(entry.amount)) throw new RangeError(`credits must be whole (got ${entry.amount})`);
    if (!options.noOverdraft) await this.ensureAccount(entry.userId);
    try {
      return await this.transactions.run(async (manager) => {
        const key = { idempotencyKey: entry.idempotencyKey };
        if (await manager.existsBy(LedgerEntryEntity, key)) return 'duplicate';
        if (options.alongside && !(await options.alongside(manager))) return 'stale';
        if (!(await this.moveBalance(manager, entry, options.noOverdraft ?? false))) return 'insufficient';
        await manager.insert(LedgerEntryEntity, { id: newEntryId(), ...entry, createdAt: this.clock.now() });
        return 'recorded';
      });
    } catch (error) {
      // Two workers raced on the same key: the loser's transaction is rolled back whole.
      if (isUniqueViolation(error)) return 'duplicate';
      throw error;
    }
  }

  /** A debit that never overdraws: the conditional UPDATE refuses it when the balance cannot pay. */
  async spend({ credits, ...spend }: Spend): Promise<SpendOutcome> {
    const outcome = await this.record({ ...spend, kind: 'spend', amount: -credits }, { noOverdraft: true });
    return outcome === 'recorded' ? 'spent' : (outcome as SpendOutcome);
  }

  /**
   * Many debits in one transaction (an outbox batch): each is the same conditional UPDATE as `spend`,
   * in the order of the users' ids (two batches lock shared accounts in one order), and their entries
   * are inserted together. Outcomes in the order of `spends`. When one of the keys was recorded by
   * someone else meanwhile, the batch is rolled back whole and each is spent on its own.
   */
  async spendAll(spends: readonly Spend[]): Promise<SpendOutcome[]> {
    if (spends.length === 0) return [];
    for (const spend of spends)
      if (!Number.isInteger(spend.credits))
        throw new RangeError(`credits must be whole (got ${spend.credits})`);
    try {
      return await this.transactions.run(async (manager) => {
        const keys = spends.map((spend) => spend.idempotencyKey);
        const recorded = new Set(
          await readInChunks(keys, async (chunk) =>
            (
              await manager.find(LedgerEntryEntity, {
                select: { idempotencyKey: true },
                where: { idempotencyKey: In(chunk) },
              })
            ).map((entry) => entry.idempotencyKey),
          ),
        );
        const outcomes: SpendOutcome[] = [];
        const entries: LedgerEntryEntity[] = [];
        const now = this.clock.now();
        const byUser = spends
          .map((_, index) => index)
          .sort((a, b) => compare(spends[a].userId, spends[b].userId));
        for (const index of byUser) {
          const { credits, ...spend } = spends[index];
          if (recorded.has(spend.idempotencyKey)) {
            outcomes[index] = 'duplicate';
            continue;
          }
          recorded.add(spend.idempotencyKey);
          const entry = { ...spend, kind: 'spend' as const, amount: -credits };
          if (!(await this.moveBalance(manager, entry, true))) {
            outcomes[index] = 'insufficient';
            continue;
          }
          entries.push({ id: newEntryId(), ...entry, createdAt: now });
          outcomes[index] = 'spent';
        }
        await insertRows(manager, LedgerEntryEntity, entries);
        return outcomes;
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const outcomes: SpendOutcome[] = [];
      for (const spend of spends) outcomes.push(await this.spend(spend));
      return outcomes;
    }
  }

  /** The credits moved by each kind of entry (grant, purchase, spend…), all users together. */
  totalsByKind(): Promise<GroupCount[]> {
    return countGrouped(this.entries, ['kind'], 'amount');
  }

  async balanceOf(userId: string): Promise<number> {
    return (await this.accounts.findOneBy({ userId }))?.balance ?? 0;
  }

  async entriesOf(userId: string): Promise<LedgerEntryEntity[]> {
    return this.entries.find({ where: { userId }, order: { id: 'ASC' } });
  }

  /** The newest entries first, at most `limit`, with the count of all the user's entries. */
  latestEntriesOf(userId: string, limit: number): Promise<[LedgerEntryEntity[], number]> {
    return this.entries.findAndCount({ where: { userId }, order: { id: 'DESC' }, take: limit });
  }

  findEntry(userId: string, idempotencyKey: string): Promise<LedgerEntryEntity | null> {
    return this.entries.findOneBy({ userId, idempotencyKey });
  }

  async keysReferencing(reference: string): Promise<string[]> {
    const rows = await this.entries.find({ select: { idempotencyKey: true }, where: { reference } });
    return rows.map((row) => row.idempotencyKey);
  }

  /** `keysReferencing` for many references at once: each reference's keys (none: an empty list). */
  async keysReferencingAll(references: readonly string[]): Promise<Map<string, string[]>> {
    const rows = await readInChunks(references, (chunk) =>
      this.entries.find({
        select: { idempotencyKey: true, reference: true },
        where: { reference: In(chunk) },
      }),
    );
    const keys = new Map(references.map((reference) => [reference, [] as string[]]));
    for (const row of rows) keys.get(row.reference!)?.push(row.idempotencyKey);
    return keys;
  }

  /** The id of the user's latest purchase or grant: it names the current low-balance episode. */
  async lastTopUpId(userId: string): Promise<string | undefined> {
    const latest = await this.entries.findOne({
      select: { id: true },
      where: { userId, kind: In(['purchase', 'grant']) },
      order: { id: 'DESC' },
    });
    return latest?.id;
  }

  /** Every account whose cached balance differs from the sum of its entries (none, when all is well). */
  async findMismatches(): Promise<BalanceMismatch[]> {
    const sums = await this.entries
      .createQueryBuilder('entry')
      .select('entry.user_id', 'userId')
      .addSelect('SUM(entry.amount)', 'total')
      .groupBy('entry.user_id')
      .getRawMany<{ userId: string; total: string | number }>();
    const sumByUser = new Map(sums.map((row) => [row.userId, Number(row.total)]));
    const accounts = await this.accounts.find();
    const userIds = new Set([...sumByUser.keys(), ...accounts.map((account) => account.userId)]);
    const cachedByUser = new Map(accounts.map((account) => [account.userId, account.balance]));
    return [...userIds]
      .map((userId) => ({
        userId,
        cachedBalance: cachedByUser.get(userId) ?? 0,
        sumOfEntries: sumByUser.get(userId) ?? 0,
      }))
      .filter((row) => row.cachedBalance !== row.sumOfEntries);
  }

  /**
   * Creates the account row in a transaction of its own: creating it inside the entry's transaction
   * would let two first grants on MySQL deadlock on the shared lock of the duplicate key.
   */
  private async ensureAccount(userId: string): Promise<void> {
    if (await this.accounts.existsBy({ userId })) return;
    await this.transactions.run((manager) =>
      manager
        .createQueryBuilder()
        .insert()
        .into(CreditAccountEntity)
        .values({ userId, balance: 0, version: 0, updatedAt: this.clock.now() })
        .orIgnore()
        .execute(),
    );
  }

  private async moveBalance(
    manager: EntityManager,
    entry: NewLedgerEntry,
    noOverdraft: boolean,
  ): Promise<boolean> {
    const update = manager
      .createQueryBuilder()
      .update(CreditAccountEntity)
      .set({
        balance: () => 'balance + :amount',
        version: () => 'version + 1',
        updatedAt: this.clock.now(),
      })
      .where('user_id = :userId')
      .setParameters({ amount: entry.amount, userId: entry.userId, needed: -entry.amount });
    if (noOverdraft) update.andWhere('balance >= :needed');
    return (await update.execute()).affected === 1;
  }
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
