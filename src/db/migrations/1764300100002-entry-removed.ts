import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';
import { portableColumns } from '../portable-columns';

/** When a post sent within the last day left its feed (shown on the feed page, never emailed as a retraction). */
export class EntryRemoved1764300100002 implements MigrationInterface {
  name = 'EntryRemoved1764300100002';

  async up(queryRunner: QueryRunner): Promise<void> {
    const c = portableColumns(queryRunner);
    await queryRunner.addColumn('entries', new TableColumn(c.datetime('removed_at', true)));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('entries', 'removed_at');
  }
}
