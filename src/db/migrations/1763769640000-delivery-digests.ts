import { MigrationInterface, QueryRunner, Table, TableColumn, TableForeignKey, TableIndex } from 'typeorm';
import { portableColumns } from '../portable-columns';

/** Delivery: the regular-expression filter, digest items waiting for their issue, and one row per issue. */
export class DeliveryDigests1763769640000 implements MigrationInterface {
  name = 'DeliveryDigests1763769640000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const c = portableColumns(queryRunner);
    const cascadeFrom = (column: string, table: string) =>
      new TableForeignKey({
        columnNames: [column],
        referencedTableName: table,
        referencedColumnNames: ['id'],
        onDelete: 'CASCADE',
      });

    await queryRunner.addColumn('subscriptions', new TableColumn(c.string('filter_regex', 500, true)));

    await queryRunner.createTable(
      new Table({
        name: 'digest_runs',
        columns: [
          c.id(),
          c.reference('user_id'),
          c.string('issue_key', 32),
          c.datetime('due_at'),
          c.string('status', 16),
          c.datetime('lease_until', true),
          c.integer('entry_count', 0),
          c.datetime('created_at'),
          c.datetime('finished_at', true),
        ],
        indices: [
          new TableIndex({
            name: 'uq_digest_runs_user_issue',
            columnNames: ['user_id', 'issue_key'],
            isUnique: true,
          }),
        ],
        foreignKeys: [cascadeFrom('user_id', 'users')],
      }),
    );

    await queryRunner.createTable(
      new Table({
        name: 'pending_digest_items',
        columns: [
          c.id(),
          c.reference('user_id'),
          c.reference('subscription_id'),
          c.reference('entry_id'),
          c.string('cadence', 16),
          c.datetime('created_at'),
          c.reference('digest_run_id', true),
        ],
        indices: [
          new TableIndex({
            name: 'uq_pending_digest_items_subscription_entry',
            columnNames: ['subscription_id', 'entry_id'],
            isUnique: true,
          }),
          new TableIndex({
            name: 'ix_pending_digest_items_user_run',
            columnNames: ['user_id', 'digest_run_id'],
          }),
          new TableIndex({ name: 'ix_pending_digest_items_run', columnNames: ['digest_run_id'] }),
        ],
        foreignKeys: [
          cascadeFrom('user_id', 'users'),
          cascadeFrom('subscription_id', 'subscriptions'),
          cascadeFrom('entry_id', 'entries'),
          cascadeFrom('digest_run_id', 'digest_runs'),
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('pending_digest_items');
    await queryRunner.dropTable('digest_runs');
    await queryRunner.dropColumn('subscriptions', 'filter_regex');
  }
}
