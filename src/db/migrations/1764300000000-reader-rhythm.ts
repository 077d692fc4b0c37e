import { MigrationInterface, QueryRunner, TableColumn, TableIndex } from 'typeorm';
import { portableColumns } from '../portable-columns';

/**
 * The reader sets the rhythm (issue 33): a monthly digest's day of the month on its subscription (the
 * other cadences are mode names that fit the existing column); on the reader, a budget of emails a day
 * (0: no limit) and quiet hours as minutes after local midnight (null: none); and the index that counts
 * a reader's emails of the day against that budget.
 */
export class ReaderRhythm1764300000000 implements MigrationInterface {
  name = 'ReaderRhythm1764300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const c = portableColumns(queryRunner);
    await queryRunner.addColumn('subscriptions', new TableColumn(c.integer('day_of_month', undefined, true)));
    await queryRunner.addColumns('users', [
      new TableColumn(c.integer('max_emails_per_day', 0)),
      new TableColumn(c.integer('quiet_start', undefined, true)),
      new TableColumn(c.integer('quiet_end', undefined, true)),
    ]);
    await queryRunner.createIndex(
      'outbox_emails',
      new TableIndex({ name: 'ix_outbox_emails_user_created', columnNames: ['user_id', 'created_at'] }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropIndex('outbox_emails', 'ix_outbox_emails_user_created');
    await queryRunner.dropColumn('subscriptions', 'day_of_month');
    for (const column of ['max_emails_per_day', 'quiet_start', 'quiet_end'])
      await queryRunner.dropColumn('users', column);
  }
}
