import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';
import { portableColumns } from '../portable-columns';

/**
 * The credit ledger (append-only, one unique idempotency key per entry), the cached balance per user,
 * and Stripe purchases with what their refunds took back. No foreign keys to users: money records
 * outlive the accounts they belong to.
 */
export class BillingLedger1763769630000 implements MigrationInterface {
  name = 'BillingLedger1763769630000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const c = portableColumns(queryRunner);
    await queryRunner.createTable(
      new Table({
        name: 'ledger_entries',
        columns: [
          c.id(),
          c.reference('user_id'),
          c.string('kind', 16),
          c.integer('amount'),
          c.string('idempotency_key', 191),
          c.string('reason', 64),
          c.string('reference', 191, true),
          c.datetime('created_at'),
        ],
        indices: [
          new TableIndex({
            name: 'uq_ledger_entries_idempotency_key',
            columnNames: ['idempotency_key'],
            isUnique: true,
          }),
          new TableIndex({ name: 'ix_ledger_entries_user', columnNames: ['user_id', 'kind'] }),
          new TableIndex({ name: 'ix_ledger_entries_reference', columnNames: ['reference'] }),
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'credit_accounts',
        columns: [
          { ...c.reference('user_id'), isPrimary: true },
          c.integer('balance', 0),
          c.integer('version', 0),
          c.datetime('updated_at'),
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'credit_purchases',
        columns: [
          c.id(),
          c.reference('user_id'),
          c.string('session_id', 191),
          c.string('pack_id', 32),
          c.integer('credits'),
          c.integer('amount_cents'),
          c.string('currency', 8),
          c.string('payment_intent_id', 191, true),
          c.integer('refunded_cents', 0),
          c.integer('credits_removed', 0),
          c.datetime('created_at'),
          c.datetime('updated_at'),
        ],
        indices: [
          new TableIndex({
            name: 'uq_credit_purchases_session',
            columnNames: ['session_id'],
            isUnique: true,
          }),
          new TableIndex({ name: 'ix_credit_purchases_payment_intent', columnNames: ['payment_intent_id'] }),
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['credit_purchases', 'credit_accounts', 'ledger_entries']) {
      await queryRunner.dropTable(table);
    }
  }
}
