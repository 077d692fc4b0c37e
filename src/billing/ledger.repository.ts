import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, In, Repository } from 'typeorm';
import { monotonicFactory } from 'ulid';
import { Clock } from '../common/clock';
import { isUniqueViolation } from '../common/zod-errors';
import { bulkUpdate } from '../db/bulk-update';
import { readInChunks } from '../db/chunked';
import { countGrouped, GroupCount } from '../db/count-grouped';
import { insertRows, placeholders, selectRows } from '../db/raw-rows';
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
   * Many debits in one transaction (an outbox batch): the accounts are read and locked first, in the order
   * of the users' ids (two batches lock shared accounts in one order), each debit is granted only while
   * its account can pay it (as `spend`'s conditional UPDATE would), and the accounts and entries are then
   * written together: a few statements a batch, not one UPDATE an email (a third of a fan-out's
   * statements). Outcomes in the order of `spends`. When one of the keys was recorded by someone else
   * meanwhile, the batch is rolled back whole and each is spent on its own.
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
        const accounts = await this.lockedAccounts(
          manager,
          spends.map((spend) => spend.userId),
        );
        const moved = new Map<string, CreditAccountEntity>();
        const outcomes: SpendOutcome[] = [];
        const entries: LedgerEntryEntity[] = [];
        const now = this.clock.now();
        spends.forEach(({ credits, ...spend }, index) => {
          if (recorded.has(spend.idempotencyKey)) {
            outcomes[index] = 'duplicate';
            return;
          }
          recorded.add(spend.idempotencyKey);
          const account = accounts.get(spend.userId);
          if (!account || account.balance < credits) {
            outcomes[index] = 'insufficient';
            return;
          }
          account.balance -= credits;
          account.version += 1;
          moved.set(account.userId, account);
          entries.push({ id: newEntryId(), ...spend, kind: 'spend', amount: -credits, createdAt: now });
          outcomes[index] = 'spent';
        });
        await bulkUpdate(
          manager,
          CreditAccountEntity,
          [...moved.values()].map(({ userId, balance, version }) => ({
            id: userId,
            values: { balance, version, updatedAt: now },
          })),
          { lockedByCaller: true },
        );
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

  /**
   * These users' accounts, by user, read inside the caller's transaction and locked until it ends, in
   * the order of their ids (MySQL/MariaDB: `FOR UPDATE`; SQLite's transactions hold its write lock).
   */
  private async lockedAccounts(
    manager: EntityManager,
    userIds: readonly string[],
  ): Promise<Map<string, CreditAccountEntity>> {
    const lock = manager.connection.options.type === 'better-sqlite3' ? '' : ' FOR UPDATE';
    const rows = await readInChunks([...new Set(userIds)].sort(compare), (chunk) =>
      selectRows<CreditAccountEntity>(
        manager,
        CreditAccountEntity,
        `SELECT user_id, balance, version FROM credit_accounts WHERE user_id IN (${placeholders(chunk.length)}) ` +
          `ORDER BY user_id${lock}`,
        chunk,
      ),
    );
    return new Map(rows.map((account) => [account.userId, account]));
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
