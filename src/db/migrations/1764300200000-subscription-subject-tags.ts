import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';
import { portableColumns } from '../portable-columns';

/** A reader's tag for a feed, opening the subject of its emails (`[Ars] …`) for mail filters. */
export class SubscriptionSubjectTags1764300200000 implements MigrationInterface {
  name = 'SubscriptionSubjectTags1764300200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const c = portableColumns(queryRunner);
    await queryRunner.addColumn('subscriptions', new TableColumn(c.string('subject_tag', 30, true)));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('subscriptions', 'subject_tag');
  }
}
