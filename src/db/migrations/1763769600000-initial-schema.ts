import { MigrationInterface, QueryRunner, Table, TableForeignKey, TableIndex } from 'typeorm';
import { portableColumns } from '../portable-columns';

export class InitialSchema1763769600000 implements MigrationInterface {
  name = 'InitialSchema1763769600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const c = portableColumns(queryRunner);
    const cascadeFrom = (column: string, table: string) =>
      new TableForeignKey({
        columnNames: [column],
        referencedTableName: table,
        referencedColumnNames: ['id'],
        onDelete: 'CASCADE',
      });

    await queryRunner.createTable(
      new Table({
        name: 'users',
        columns: [
          c.id(),
          c.string('email', 320),
          c.string('timezone', 64),
          c.integer('digest_hour', 7),
          c.integer('digest_weekday', 1),
          c.string('role', 16),
          c.datetime('created_at'),
        ],
        indices: [new TableIndex({ name: 'uq_users_email', columnNames: ['email'], isUnique: true })],
      }),
    );

    await queryRunner.createTable(
      new Table({
        name: 'feeds',
        columns: [
          c.id(),
          c.text('url', false),
          c.sha256('url_hash'),
          c.string('title', 500, true),
          c.text('site_url'),
          c.string('status', 16),
          c.string('etag', 1024, true),
          c.string('last_modified', 128, true),
          c.sha256('body_hash', true),
          c.string('last_outcome', 32, true),
          c.datetime('last_polled_at', true),
          c.datetime('next_poll_at'),
          c.integer('error_count', 0),
          c.text('last_error'),
          c.datetime('created_at'),
          c.datetime('updated_at'),
        ],
        indices: [
          new TableIndex({ name: 'uq_feeds_url_hash', columnNames: ['url_hash'], isUnique: true }),
          new TableIndex({ name: 'ix_feeds_next_poll_at', columnNames: ['next_poll_at'] }),
        ],
      }),
    );

    await queryRunner.createTable(
      new Table({
        name: 'subscriptions',
        columns: [
          c.id(),
          c.reference('user_id'),
          c.reference('feed_id'),
          c.string('mode', 16),
          c.boolean('full_text', false),
          c.integer('keep_recent', undefined, true),
          c.integer('keep_random', undefined, true),
          c.text('include_words'),
          c.text('exclude_words'),
          c.datetime('created_at'),
        ],
        indices: [
          new TableIndex({
            name: 'uq_subscriptions_user_feed',
            columnNames: ['user_id', 'feed_id'],
            isUnique: true,
          }),
          new TableIndex({ name: 'ix_subscriptions_feed', columnNames: ['feed_id'] }),
        ],
        foreignKeys: [cascadeFrom('user_id', 'users'), cascadeFrom('feed_id', 'feeds')],
      }),
    );

    await queryRunner.createTable(
      new Table({
        name: 'entries',
        columns: [
          c.id(),
          c.reference('feed_id'),
          c.sha256('identity_hash'),
          c.text('guid'),
          c.text('link'),
          c.text('title'),
          c.string('author', 500, true),
          c.longText('summary'),
          c.longText('content'),
          c.datetime('published_at', true),
          c.datetime('updated_at', true),
          c.datetime('first_seen_at'),
          c.sha256('content_hash'),
        ],
        indices: [
          new TableIndex({
            name: 'uq_entries_feed_identity',
            columnNames: ['feed_id', 'identity_hash'],
            isUnique: true,
          }),
          new TableIndex({ name: 'ix_entries_feed_published', columnNames: ['feed_id', 'published_at'] }),
        ],
        foreignKeys: [cascadeFrom('feed_id', 'feeds')],
      }),
    );

    await queryRunner.createTable(
      new Table({
        name: 'outbox_emails',
        columns: [
          c.id(),
          c.string('dedup_key', 191),
          c.reference('user_id', true),
          c.string('kind', 32),
          c.string('to_address', 320),
          c.string('from_address', 500),
          c.text('subject', false),
          c.longText('html', false),
          c.longText('text', false),
          c.text('headers', false),
          c.string('message_id', 255),
          c.string('status', 16),
          c.integer('cost', 0),
          c.integer('attempts', 0),
          c.datetime('next_attempt_at'),
          c.datetime('lease_until', true),
          c.text('last_error'),
          c.datetime('created_at'),
          c.datetime('sent_at', true),
        ],
        indices: [
          new TableIndex({ name: 'uq_outbox_emails_dedup_key', columnNames: ['dedup_key'], isUnique: true }),
          new TableIndex({ name: 'ix_outbox_emails_due', columnNames: ['status', 'next_attempt_at'] }),
        ],
        foreignKeys: [
          new TableForeignKey({
            columnNames: ['user_id'],
            referencedTableName: 'users',
            referencedColumnNames: ['id'],
            onDelete: 'SET NULL',
          }),
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['outbox_emails', 'entries', 'subscriptions', 'feeds', 'users']) {
      await queryRunner.dropTable(table);
    }
  }
}
