import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';
import { portableColumns } from '../portable-columns';

/**
 * When the provider first deferred an email (or its domain's hold first moved it): what a reader's record
 * says it has waited since. Rows deferred before the upgrade have none and fall back to their creation.
 */
export class OutboxDeferredSince1764303000000 implements MigrationInterface {
  name = 'OutboxDeferredSince1764303000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const c = portableColumns(queryRunner);
    await queryRunner.addColumn('outbox_emails', new TableColumn(c.datetime('deferred_since', true)));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('outbox_emails', 'deferred_since');
  }
}
