import { MigrationInterface, QueryRunner, Table, TableForeignKey, TableIndex } from 'typeorm';
import { portableColumns } from '../portable-columns';

/** Sign-in links (only their SHA-256 is stored) and dashboard sessions. */
export class WebSignInAndSessions1763769650000 implements MigrationInterface {
  name = 'WebSignInAndSessions1763769650000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const c = portableColumns(queryRunner);
    await queryRunner.createTable(
      new Table({
        name: 'sign_in_tokens',
        columns: [
          c.id(),
          c.sha256('token_hash'),
          c.string('email', 320),
          c.string('timezone', 64),
          c.datetime('created_at'),
          c.datetime('expires_at'),
          c.datetime('used_at', true),
        ],
        indices: [
          new TableIndex({ name: 'uq_sign_in_tokens_hash', columnNames: ['token_hash'], isUnique: true }),
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'sessions',
        columns: [
          c.id(),
          c.sha256('token_hash'),
          c.reference('user_id'),
          c.datetime('created_at'),
          c.datetime('expires_at'),
          c.datetime('last_seen_at'),
        ],
        indices: [
          new TableIndex({ name: 'uq_sessions_token_hash', columnNames: ['token_hash'], isUnique: true }),
          new TableIndex({ name: 'ix_sessions_user', columnNames: ['user_id'] }),
        ],
        foreignKeys: [
          new TableForeignKey({
            columnNames: ['user_id'],
            referencedTableName: 'users',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          }),
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('sessions');
    await queryRunner.dropTable('sign_in_tokens');
  }
}
