import { MigrationInterface, QueryRunner, TableColumn, TableIndex } from 'typeorm';
import { portableColumns } from '../portable-columns';

/**
 * Support as a team's work: each thread has a state (open until an agent answers, waiting for the reader
 * then, closed by an agent; a reader's message reopens it), an agent it is assigned to, when the reader
 * last wrote and when an agent last read it (unread = written since). Internal notes are messages whose
 * direction is `note`. Threads stored before are open, last written to when they were last updated.
 */
export class SupportTeam1763769833002 implements MigrationInterface {
  name = 'SupportTeam1763769833002';

  async up(queryRunner: QueryRunner): Promise<void> {
    const c = portableColumns(queryRunner);
    await queryRunner.addColumns('support_threads', [
      new TableColumn({ ...c.string('state', 16), default: "'open'" }),
      new TableColumn(c.reference('assigned_to_user_id', true)),
      new TableColumn(c.datetime('last_inbound_at', true)),
      new TableColumn(c.datetime('seen_at', true)),
    ]);
    await queryRunner.query('UPDATE support_threads SET last_inbound_at = updated_at');
    await queryRunner.createIndex(
      'support_threads',
      new TableIndex({ name: 'idx_support_threads_state', columnNames: ['state', 'last_inbound_at'] }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropIndex('support_threads', 'idx_support_threads_state');
    for (const column of ['seen_at', 'last_inbound_at', 'assigned_to_user_id', 'state'])
      await queryRunner.dropColumn('support_threads', column);
  }
}
