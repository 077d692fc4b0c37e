import { MigrationInterface, QueryRunner, TableColumn, TableIndex } from 'typeorm';
import { portableColumns } from '../portable-columns';

/**
 * Another address of the reader for one feed's emails: used once the link sent there is followed
 * (`deliver_to_confirmed_at`); only the hash of that link's token is kept.
 */
export class SubscriptionDeliverTo1764300400000 implements MigrationInterface {
  name = 'SubscriptionDeliverTo1764300400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const c = portableColumns(queryRunner);
    await queryRunner.addColumns('subscriptions', [
      new TableColumn(c.string('deliver_to', 320, true)),
      new TableColumn(c.sha256('deliver_to_token_hash', true)),
      new TableColumn(c.datetime('deliver_to_confirmed_at', true)),
    ]);
    await queryRunner.createIndex(
      'subscriptions',
      new TableIndex({ name: 'idx_subscriptions_deliver_to_token', columnNames: ['deliver_to_token_hash'] }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropIndex('subscriptions', 'idx_subscriptions_deliver_to_token');
    for (const column of ['deliver_to_confirmed_at', 'deliver_to_token_hash', 'deliver_to'])
      await queryRunner.dropColumn('subscriptions', column);
  }
}
