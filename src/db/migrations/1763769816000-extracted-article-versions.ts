import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';
import { portableColumns } from '../portable-columns';

/**
 * An extracted article remembers which version of its entry it was extracted for (the entry's updated,
 * else published, date): when the feed re-issues the entry with a newer date, the article is extracted
 * again. Rows from before have none and count as the entry's first version.
 */
export class ExtractedArticleVersions1763769816000 implements MigrationInterface {
  name = 'ExtractedArticleVersions1763769816000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const c = portableColumns(queryRunner);
    await queryRunner.addColumn('extracted_articles', new TableColumn(c.datetime('entry_dated', true)));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('extracted_articles', 'entry_dated');
  }
}
