import { MigrationInterface, QueryRunner, TableColumn, TableIndex } from 'typeorm';
import { portableColumns } from '../portable-columns';

/**
 * When the delivery planner handled each entry (emails enqueued, digest items added), so that entries
 * stored by a poll that stopped before delivery (a crash, a restart) are delivered by the next cycle.
 * Entries stored before this column existed were handled then.
 */
export class EntryDeliveryPlanned1763769690000 implements MigrationInterface {
  name = 'EntryDeliveryPlanned1763769690000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const c = portableColumns(queryRunner);
    await queryRunner.addColumn('entries', new TableColumn(c.datetime('delivery_planned_at', true)));
    await queryRunner.query('UPDATE entries SET delivery_planned_at = first_seen_at');
    await queryRunner.createIndex(
      'entries',
      new TableIndex({ name: 'ix_entries_delivery_planned', columnNames: ['delivery_planned_at'] }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropIndex('entries', 'ix_entries_delivery_planned');
    await queryRunner.dropColumn('entries', 'delivery_planned_at');
  }
}
