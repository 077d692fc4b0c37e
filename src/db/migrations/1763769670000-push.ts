import { MigrationInterface, QueryRunner, Table, TableColumn, TableForeignKey, TableIndex } from 'typeorm';
import { portableColumns } from '../portable-columns';

/**
 * Push: WebSub and rssCloud subscriptions, the ping cache (URL → feeds), and until when a feed's
 * publisher pushes to us (the poller then polls it only as a safety net).
 */
export class Push1763769670000 implements MigrationInterface {
  name = 'Push1763769670000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const c = portableColumns(queryRunner);
    const cascadeFromFeed = new TableForeignKey({
      columnNames: ['feed_id'],
      referencedTableName: 'feeds',
      referencedColumnNames: ['id'],
      onDelete: 'CASCADE',
    });
    await queryRunner.createTable(
      new Table({
        name: 'push_subscriptions',
        columns: [
          c.id(),
          c.reference('feed_id'),
          c.string('kind', 16),
          c.text('hub_url', false),
          c.text('topic', false),
          c.string('callback_id', 64),
          c.string('secret', 128, true),
          c.string('pending_mode', 16, true),
          c.integer('lease_seconds', 0),
          c.datetime('active_until', true),
          c.datetime('requested_at'),
          c.datetime('created_at'),
        ],
        indices: [
          new TableIndex({
            name: 'uq_push_subscriptions_feed_kind',
            columnNames: ['feed_id', 'kind'],
            isUnique: true,
          }),
          new TableIndex({
            name: 'uq_push_subscriptions_callback',
            columnNames: ['callback_id'],
            isUnique: true,
          }),
        ],
        foreignKeys: [cascadeFromFeed],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'ping_urls',
        columns: [
          c.id(),
          c.reference('feed_id'),
          c.sha256('key_hash'),
          c.text('url', false),
          c.string('source', 16),
          c.datetime('refreshed_at'),
        ],
        indices: [
          new TableIndex({
            name: 'uq_ping_urls_feed_key',
            columnNames: ['feed_id', 'key_hash'],
            isUnique: true,
          }),
          new TableIndex({ name: 'ix_ping_urls_key', columnNames: ['key_hash'] }),
        ],
        foreignKeys: [cascadeFromFeed.clone()],
      }),
    );
    await queryRunner.addColumn('feeds', new TableColumn(c.datetime('push_active_until', true)));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('feeds', 'push_active_until');
    await queryRunner.dropTable('ping_urls');
    await queryRunner.dropTable('push_subscriptions');
  }
}
