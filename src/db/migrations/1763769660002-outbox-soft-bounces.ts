import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';
import { portableColumns } from '../portable-columns';

/** Delay reports (DSNs with 4.x.x) only count: a counter per outbox row. */
export class OutboxSoftBounces1763769660002 implements MigrationInterface {
  name = 'OutboxSoftBounces1763769660002';

  async up(queryRunner: QueryRunner): Promise<void> {
    const c = portableColumns(queryRunner);
    await queryRunner.addColumn('outbox_emails', new TableColumn(c.integer('soft_bounces', 0)));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('outbox_emails', 'soft_bounces');
  }
}
