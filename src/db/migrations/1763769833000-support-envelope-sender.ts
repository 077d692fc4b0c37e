import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';
import { portableColumns } from '../portable-columns';

/**
 * The envelope sender of each inbound support message (SMTP `MAIL FROM`, or `Return-Path` through the
 * webhook), beside its `From`: when the two differ, agents are shown both, never the From's account as if
 * it were proven. Messages stored before have none (null).
 */
export class SupportEnvelopeSender1763769833000 implements MigrationInterface {
  name = 'SupportEnvelopeSender1763769833000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const c = portableColumns(queryRunner);
    await queryRunner.addColumn('support_messages', new TableColumn(c.string('envelope_sender', 320, true)));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('support_messages', 'envelope_sender');
  }
}
