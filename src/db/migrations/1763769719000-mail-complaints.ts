import { MigrationInterface, QueryRunner, Table, TableColumn, TableIndex } from 'typeorm';
import { portableColumns } from '../portable-columns';

/**
 * Complaints (feedback-loop reports: a reader pressed "this is spam"), one per email reported, and the
 * scope of a suppression: `all` mail (a hard bounce) or only `bulk` mail, the subscribed kind (a
 * complaint: sign-in links and support answers still reach the reader). Existing suppressions are
 * bounces, hence `all`.
 */
export class MailComplaints1763769719000 implements MigrationInterface {
  name = 'MailComplaints1763769719000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const c = portableColumns(queryRunner);
    await queryRunner.createTable(
      new Table({
        name: 'mail_complaints',
        columns: [
          c.id(),
          c.reference('outbox_email_id', true),
          c.string('address', 320, true),
          c.string('feedback_type', 32),
          c.string('user_agent', 200, true),
          c.sha256('dedup_hash'),
          c.datetime('created_at'),
        ],
        indices: [
          new TableIndex({ name: 'uq_mail_complaints_dedup', columnNames: ['dedup_hash'], isUnique: true }),
          new TableIndex({ name: 'ix_mail_complaints_created', columnNames: ['created_at'] }),
        ],
      }),
    );
    await queryRunner.addColumn(
      'mail_suppressions',
      new TableColumn({ ...c.string('scope', 16), default: "'all'" }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('mail_suppressions', 'scope');
    await queryRunner.dropTable('mail_complaints');
  }
}
