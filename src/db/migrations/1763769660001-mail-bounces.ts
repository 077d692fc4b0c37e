import { MigrationInterface, QueryRunner, Table, TableColumn, TableIndex } from 'typeorm';
import { portableColumns } from '../portable-columns';

/** Bounce bookkeeping on the mail side: a soft-bounce counter per email and suppressed addresses. */
export class MailBounces1763769660001 implements MigrationInterface {
  name = 'MailBounces1763769660001';

  async up(queryRunner: QueryRunner): Promise<void> {
    const c = portableColumns(queryRunner);
    await queryRunner.addColumn('outbox_emails', new TableColumn(c.integer('soft_bounces', 0)));
    await queryRunner.createTable(
      new Table({
        name: 'mail_suppressions',
        columns: [
          c.id(),
          c.string('email', 320),
          c.text('reason', false),
          c.reference('outbox_email_id', true),
          c.datetime('created_at'),
        ],
        indices: [
          new TableIndex({ name: 'uq_mail_suppressions_email', columnNames: ['email'], isUnique: true }),
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('mail_suppressions');
    await queryRunner.dropColumn('outbox_emails', 'soft_bounces');
  }
}
