import { EntityManager } from 'typeorm';
import { CreditAccountEntity } from '../../src/billing/credit-account.entity';
import { LedgerEntryEntity } from '../../src/billing/ledger-entry.entity';
import { newId } from '../../src/common/ids';
import { insertRows } from '../../src/db/raw-rows';

/**
 * One credit for each of thousands of readers at once, as a new account's starter credits would give it:
 * the account and its grant in the ledger, in bulk inserts (the specs and benchmarks that fan out at size).
 */
export async function grantOneCreditEach(manager: EntityManager, userIds: readonly string[], now: Date) {
  await insertRows<CreditAccountEntity>(
    manager,
    CreditAccountEntity,
    userIds.map((userId) => ({ userId, balance: 1, version: 1, updatedAt: now })),
  );
  await insertRows<LedgerEntryEntity>(
    manager,
    LedgerEntryEntity,
    userIds.map((userId) => ({
      id: newId(),
      userId,
      kind: 'grant',
      amount: 1,
      idempotencyKey: `starter:${userId}`,
      reason: 'starter credits',
      reference: userId,
      createdAt: now,
    })),
  );
}
