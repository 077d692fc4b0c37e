import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';
import { portableColumns } from '../portable-columns';

/**
 * A feed follows a permanent redirect only after it held for three polls in a row (the candidate and
 * its run), and remembers where it moved from, to show it.
 */
export class FeedMoves1763769722020 implements MigrationInterface {
  name = 'FeedMoves1763769722020';

  async up(queryRunner: QueryRunner): Promise<void> {
    const c = portableColumns(queryRunner);
    await queryRunner.addColumns('feeds', [
      new TableColumn(c.text('redirect_candidate')),
      new TableColumn(c.integer('redirect_streak', 0)),
      new TableColumn(c.text('moved_from')),
      new TableColumn(c.datetime('moved_at', true)),
    ]);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const column of ['moved_at', 'moved_from', 'redirect_streak', 'redirect_candidate'])
      await queryRunner.dropColumn('feeds', column);
  }
}
