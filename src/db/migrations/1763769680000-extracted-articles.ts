import { MigrationInterface, QueryRunner, Table, TableForeignKey } from 'typeorm';
import { portableColumns } from '../portable-columns';

export class ExtractedArticles1763769680000 implements MigrationInterface {
  name = 'ExtractedArticles1763769680000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const c = portableColumns(queryRunner);
    await queryRunner.createTable(
      new Table({
        name: 'extracted_articles',
        columns: [
          { ...c.reference('entry_id'), isPrimary: true },
          c.string('status', 16),
          c.string('method', 16, true),
          c.integer('confidence', 0),
          c.longText('html'),
          c.text('error'),
          c.datetime('extracted_at'),
        ],
        foreignKeys: [
          new TableForeignKey({
            columnNames: ['entry_id'],
            referencedTableName: 'entries',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          }),
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('extracted_articles');
  }
}
