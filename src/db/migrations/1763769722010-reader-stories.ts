import { MigrationInterface, QueryRunner, Table, TableColumn, TableIndex } from 'typeorm';
import { portableColumns } from '../portable-columns';

/**
 * The same story once per reader: which entry first told each reader each story (by canonical link, or
 * title and text) for a week, and digest items that repeat a story told in the same issue by another feed.
 */
export class ReaderStories1763769722010 implements MigrationInterface {
  name = 'ReaderStories1763769722010';

  async up(queryRunner: QueryRunner): Promise<void> {
    const c = portableColumns(queryRunner);
    await queryRunner.createTable(
      new Table({
        name: 'reader_stories',
        columns: [
          { ...c.reference('user_id'), isPrimary: true },
          { ...c.sha256('story_hash'), isPrimary: true },
          c.reference('entry_id'),
          c.reference('subscription_id'),
          c.datetime('first_seen_at'),
        ],
        indices: [new TableIndex({ name: 'ix_reader_stories_first_seen', columnNames: ['first_seen_at'] })],
      }),
    );
    await queryRunner.addColumn(
      'pending_digest_items',
      new TableColumn(c.reference('repeat_of_entry_id', true)),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('pending_digest_items', 'repeat_of_entry_id');
    await queryRunner.dropTable('reader_stories');
  }
}
