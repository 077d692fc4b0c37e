import { MigrationInterface, QueryRunner, Table, TableColumn, TableIndex } from 'typeorm';
import { portableColumns } from '../portable-columns';

/** The fetcher's state: feed health and interval, dedup memory of entries, hosts that asked us to wait. */
export class FetcherState1763769610000 implements MigrationInterface {
  name = 'FetcherState1763769610000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const c = portableColumns(queryRunner);
    await queryRunner.addColumns('feeds', [
      new TableColumn(c.datetime('failing_since', true)),
      new TableColumn(c.datetime('broken_since', true)),
      new TableColumn(c.integer('poll_interval_seconds', undefined, true)),
    ]);
    await queryRunner.addColumns('entries', [
      new TableColumn(c.sha256('title_date_hash', true)),
      new TableColumn(c.string('dedup_verdict', 32, true)),
    ]);
    await queryRunner.createIndex(
      'entries',
      new TableIndex({ name: 'ix_entries_feed_title_date', columnNames: ['feed_id', 'title_date_hash'] }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'fetch_host_holds',
        columns: [
          { ...c.string('host', 255), isPrimary: true },
          c.datetime('held_until'),
          c.string('reason', 64),
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('fetch_host_holds');
    await queryRunner.dropIndex('entries', 'ix_entries_feed_title_date');
    await queryRunner.dropColumns('entries', ['title_date_hash', 'dedup_verdict']);
    await queryRunner.dropColumns('feeds', ['failing_since', 'broken_since', 'poll_interval_seconds']);
  }
}
