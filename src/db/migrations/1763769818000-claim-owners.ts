import { MigrationInterface, QueryRunner, TableColumn, TableIndex } from 'typeorm';
import { portableColumns } from '../portable-columns';

/**
 * Outbox rows and digest issues name the process that claimed them, so that its heartbeat can renew
 * their short leases and a clean stop can give them back (see `ClaimLeases`).
 */
export class ClaimOwners1763769818000 implements MigrationInterface {
  name = 'ClaimOwners1763769818000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const c = portableColumns(queryRunner);
    for (const table of ['outbox_emails', 'digest_runs']) {
      await queryRunner.addColumn(table, new TableColumn(c.string('claimed_by', 100, true)));
      await queryRunner.createIndex(
        table,
        new TableIndex({ name: `ix_${table}_claimed_by`, columnNames: ['claimed_by'] }),
      );
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['digest_runs', 'outbox_emails']) {
      await queryRunner.dropIndex(table, `ix_${table}_claimed_by`);
      await queryRunner.dropColumn(table, 'claimed_by');
    }
  }
}
