import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';
import { portableColumns } from '../portable-columns';

/**
 * A support thread opened by a message whose sender is not the reader of the email it answers (a
 * forwarded email, a stranger using a reply address or an agent's Message-ID) carries a mark, so that
 * agents see it and answer the stranger only when they choose to.
 */
export class SupportSenderDiffers1763769823001 implements MigrationInterface {
  name = 'SupportSenderDiffers1763769823001';

  async up(queryRunner: QueryRunner): Promise<void> {
    const c = portableColumns(queryRunner);
    await queryRunner.addColumn('support_threads', new TableColumn(c.boolean('sender_differs', false)));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('support_threads', 'sender_differs');
  }
}
