import { MigrationInterface, QueryRunner, TableColumn, TableIndex } from 'typeorm';
import { portableColumns } from '../portable-columns';

/**
 * A due feed is claimed in the database before it is polled (the claim's token, the owning process and
 * the lease's end), so that several worker processes on one database never poll the same feed at once
 * and a dead worker's feeds are taken over when its lease ends.
 */
export class PollClaims1763769817000 implements MigrationInterface {
  name = 'PollClaims1763769817000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const c = portableColumns(queryRunner);
    await queryRunner.addColumns('feeds', [
      new TableColumn(c.reference('poll_claim_token', true)),
      new TableColumn(c.string('poll_claimed_by', 120, true)),
      new TableColumn(c.datetime('poll_claimed_until', true)),
    ]);
    await queryRunner.createIndex(
      'feeds',
      new TableIndex({ name: 'idx_feeds_poll_claim_token', columnNames: ['poll_claim_token'] }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropIndex('feeds', 'idx_feeds_poll_claim_token');
    for (const column of ['poll_claimed_until', 'poll_claimed_by', 'poll_claim_token'])
      await queryRunner.dropColumn('feeds', column);
  }
}
