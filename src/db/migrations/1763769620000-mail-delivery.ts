import { MigrationInterface, QueryRunner, Table, TableColumn, TableIndex } from 'typeorm';
import { portableColumns } from '../portable-columns';

/**
 * What the outbox needs to send a row again identically after a restart (VERP envelope sender,
 * Reply-To), the subscriptions its unsubscribe link ends, the batch claim token, and the addresses that must not receive mail after a hard bounce.
 */
export class MailDelivery1763769620000 implements MigrationInterface {
  name = 'MailDelivery1763769620000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const c = portableColumns(queryRunner);
    await queryRunner.addColumns('outbox_emails', [
      new TableColumn(c.string('envelope_from', 320, true)),
      new TableColumn(c.string('reply_to', 320, true)),
      new TableColumn(c.string('claim_token', 26, true)),
      new TableColumn(c.text('subscription_ids')),
    ]);
    await queryRunner.createIndex(
      'outbox_emails',
      new TableIndex({ name: 'ix_outbox_emails_claim_token', columnNames: ['claim_token'] }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'mail_suppressions',
        columns: [
          c.id(),
          c.string('address', 320),
          c.text('reason', false),
          c.reference('outbox_email_id', true),
          c.datetime('created_at'),
        ],
        indices: [
          new TableIndex({ name: 'uq_mail_suppressions_address', columnNames: ['address'], isUnique: true }),
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('mail_suppressions');
    await queryRunner.dropIndex('outbox_emails', 'ix_outbox_emails_claim_token');
    await queryRunner.dropColumns('outbox_emails', [
      'subscription_ids',
      'claim_token',
      'reply_to',
      'envelope_from',
    ]);
  }
}
