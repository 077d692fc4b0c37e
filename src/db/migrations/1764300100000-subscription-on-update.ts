import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';
import { portableColumns } from '../portable-columns';

/** What a subscription does when a post it sent is edited: `ignore` (as before) or `tell` (an "Updated" email). */
export class SubscriptionOnUpdate1764300100000 implements MigrationInterface {
  name = 'SubscriptionOnUpdate1764300100000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const c = portableColumns(queryRunner);
    await queryRunner.addColumn(
      'subscriptions',
      new TableColumn({ ...c.string('on_update', 8), default: "'ignore'" }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('subscriptions', 'on_update');
  }
}
