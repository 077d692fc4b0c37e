import { MigrationInterface, QueryRunner, Table, TableForeignKey, TableIndex } from 'typeorm';
import { portableColumns } from '../portable-columns';

export class SupportThreads1763769660000 implements MigrationInterface {
  name = 'SupportThreads1763769660000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const c = portableColumns(queryRunner);
    await queryRunner.createTable(
      new Table({
        name: 'support_threads',
        columns: [
          c.id(),
          c.reference('user_id', true),
          c.string('from_address', 320),
          c.text('subject', false),
          c.reference('context_outbox_email_id', true),
          c.string('context_kind', 32, true),
          c.text('context_subject'),
          c.reference('context_entry_id', true),
          c.datetime('created_at'),
          c.datetime('updated_at'),
        ],
        indices: [
          new TableIndex({
            name: 'uq_support_threads_context_outbox',
            columnNames: ['context_outbox_email_id'],
            isUnique: true,
          }),
          new TableIndex({ name: 'ix_support_threads_user', columnNames: ['user_id'] }),
          new TableIndex({ name: 'ix_support_threads_updated', columnNames: ['updated_at'] }),
        ],
        foreignKeys: [
          new TableForeignKey({
            columnNames: ['user_id'],
            referencedTableName: 'users',
            referencedColumnNames: ['id'],
            onDelete: 'SET NULL',
          }),
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'support_messages',
        columns: [
          c.id(),
          c.reference('thread_id'),
          c.string('direction', 8),
          c.text('message_id', false),
          c.sha256('message_id_hash'),
          c.text('in_reply_to'),
          c.string('from_address', 320),
          c.text('subject', false),
          c.longText('body_text', false),
          c.longText('body_html'),
          c.reference('agent_user_id', true),
          c.datetime('created_at'),
        ],
        indices: [
          new TableIndex({
            name: 'uq_support_messages_message_id_hash',
            columnNames: ['message_id_hash'],
            isUnique: true,
          }),
          new TableIndex({ name: 'ix_support_messages_thread', columnNames: ['thread_id', 'created_at'] }),
        ],
        foreignKeys: [
          new TableForeignKey({
            columnNames: ['thread_id'],
            referencedTableName: 'support_threads',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          }),
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'support_acknowledgements',
        columns: [{ ...c.sha256('sender_hash'), isPrimary: true }, c.datetime('last_sent_at')],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['support_acknowledgements', 'support_messages', 'support_threads']) {
      await queryRunner.dropTable(table);
    }
  }
}
