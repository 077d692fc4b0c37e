import { MigrationInterface, QueryRunner, Table, TableForeignKey, TableIndex } from 'typeorm';
import { portableColumns } from '../portable-columns';

/**
 * Files that readers send to support (a screenshot, a PDF): kept beside their message for agents to
 * download, bytes in the database (no second store to back up), pruned by retention like other bodies.
 * The one column whose type differs: `longblob` on MySQL (a `blob` stops at 64 KB), `blob` on SQLite.
 */
export class SupportAttachments1763769833001 implements MigrationInterface {
  name = 'SupportAttachments1763769833001';

  async up(queryRunner: QueryRunner): Promise<void> {
    const c = portableColumns(queryRunner);
    const isMysql = queryRunner.connection.options.type === 'mysql';
    await queryRunner.createTable(
      new Table({
        name: 'support_attachments',
        columns: [
          c.id(),
          c.reference('message_id'),
          c.string('filename', 255),
          c.string('content_type', 255),
          c.integer('size_bytes'),
          { name: 'content', type: isMysql ? 'longblob' : 'blob', isNullable: true },
          c.datetime('created_at'),
        ],
      }),
    );
    await queryRunner.createForeignKey(
      'support_attachments',
      new TableForeignKey({
        columnNames: ['message_id'],
        referencedTableName: 'support_messages',
        referencedColumnNames: ['id'],
        onDelete: 'CASCADE',
      }),
    );
    await queryRunner.createIndex(
      'support_attachments',
      new TableIndex({ name: 'idx_support_attachments_message', columnNames: ['message_id'] }),
    );
    await queryRunner.createIndex(
      'support_attachments',
      new TableIndex({ name: 'idx_support_attachments_created', columnNames: ['created_at'] }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('support_attachments');
  }
}
