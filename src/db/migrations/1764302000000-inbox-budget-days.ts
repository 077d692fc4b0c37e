import { MigrationInterface, QueryRunner, Table } from 'typeorm';
import { portableColumns } from '../portable-columns';

/**
 * A reader's emails of the local day as admissions counted them (issue 33's inbox budget): a row per
 * reader and day that each admission locks, so that workers delivering two feeds of one reader at once
 * cannot both spend the last email. Rows of past days are deleted by the reader's next admission.
 */
export class InboxBudgetDays1764302000000 implements MigrationInterface {
  name = 'InboxBudgetDays1764302000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const c = portableColumns(queryRunner);
    await queryRunner.createTable(
      new Table({
        name: 'inbox_budget_days',
        columns: [
          { ...c.reference('user_id'), isPrimary: true },
          { ...c.datetime('day_start'), isPrimary: true },
          c.integer('used'),
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('inbox_budget_days');
  }
}
