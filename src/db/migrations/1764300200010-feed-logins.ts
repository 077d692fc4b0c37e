import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';
import { portableColumns } from '../portable-columns';

/**
 * Feeds behind a login: the credentials sealed with AES-256-GCM (`auth_secret`, never readable in the
 * database) and their keyed fingerprint (`auth_fingerprint`), which is part of the feed's identity
 * (`url_hash` then hashes the URL with it), so other credentials for the same URL are another feed.
 */
export class FeedLogins1764300200010 implements MigrationInterface {
  name = 'FeedLogins1764300200010';

  async up(queryRunner: QueryRunner): Promise<void> {
    const c = portableColumns(queryRunner);
    await queryRunner.addColumns('feeds', [
      new TableColumn(c.text('auth_secret')),
      new TableColumn(c.sha256('auth_fingerprint', true)),
    ]);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('feeds', 'auth_fingerprint');
    await queryRunner.dropColumn('feeds', 'auth_secret');
  }
}
