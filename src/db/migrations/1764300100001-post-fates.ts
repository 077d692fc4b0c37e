import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';
import { portableColumns } from '../portable-columns';

/**
 * The reader's delivery record: what the planner decided for each post and reader, read newest first per
 * reader and feed (the feed page, the `why` reply), by post (an edited post's readers), and pruned by age.
 */
export class PostFates1764300100001 implements MigrationInterface {
  name = 'PostFates1764300100001';

  async up(queryRunner: QueryRunner): Promise<void> {
    const c = portableColumns(queryRunner);
    await queryRunner.createTable(
      new Table({
        name: 'post_fates',
        columns: [
          { ...c.reference('entry_id'), isPrimary: true },
          { ...c.reference('user_id'), isPrimary: true },
          c.reference('feed_id'),
          c.reference('subscription_id'),
          c.datetime('seen_at'),
          c.string('fate', 16),
          c.string('rule', 1000, true),
          c.reference('repeat_of_entry_id', true),
          c.string('email_key', 191, true),
          c.string('cadence', 16, true),
          c.datetime('decided_at'),
        ],
        indices: [
          new TableIndex({
            name: 'ix_post_fates_reader_feed',
            columnNames: ['user_id', 'feed_id', 'seen_at'],
          }),
          new TableIndex({ name: 'ix_post_fates_seen', columnNames: ['seen_at'] }),
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('post_fates');
  }
}
