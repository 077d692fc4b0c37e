import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';
import { portableColumns } from '../portable-columns';

/** A subscription can be paused (by a reply command or the dashboard): nothing is delivered meanwhile. */
export class SubscriptionPause1763769722000 implements MigrationInterface {
  name = 'SubscriptionPause1763769722000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const c = portableColumns(queryRunner);
    await queryRunner.addColumn('subscriptions', new TableColumn(c.datetime('paused_at', true)));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('subscriptions', 'paused_at');
  }
}
