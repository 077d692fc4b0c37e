import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';
import { portableColumns } from '../portable-columns';

/**
 * When the link to a delivery address was sent: it works for a week. Links waiting at the upgrade count
 * from then (a UTC time written as both dialects read it, not a database default).
 */
export class DeliverToLinkSentAt1764300700000 implements MigrationInterface {
  name = 'DeliverToLinkSentAt1764300700000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const c = portableColumns(queryRunner);
    await queryRunner.addColumn(
      'subscriptions',
      new TableColumn(c.datetime('deliver_to_link_sent_at', true)),
    );
    const now = new Date().toISOString().replace('T', ' ').replace('Z', '');
    await queryRunner.query(
      'UPDATE subscriptions SET deliver_to_link_sent_at = ? WHERE deliver_to_token_hash IS NOT NULL',
      [now],
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('subscriptions', 'deliver_to_link_sent_at');
  }
}
