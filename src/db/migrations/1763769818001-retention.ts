import { MigrationInterface, QueryRunner, TableIndex } from 'typeorm';

/** What retention walks, oldest first: one index per table it prunes. */
const AGE_INDEXES = [
  { table: 'entries', name: 'ix_entries_first_seen', column: 'first_seen_at' },
  { table: 'extracted_articles', name: 'ix_extracted_articles_extracted', column: 'extracted_at' },
  { table: 'outbox_emails', name: 'ix_outbox_emails_created', column: 'created_at' },
  { table: 'digest_runs', name: 'ix_digest_runs_finished', column: 'finished_at' },
];

/**
 * Indexes for retention (see `RetentionService`), and on SQLite incremental vacuuming, so that the
 * space pruned rows leave is given back to the file system a little at a time. A database made before
 * this migration has `auto_vacuum = NONE`, which only a full VACUUM can change: it rewrites the file once
 * (it needs free disk about the size of the file and holds the database meanwhile), which is why this
 * migration runs outside a transaction. New databases get the mode when they are created (see
 * `buildDataSourceOptions`) and skip the VACUUM.
 */
export class Retention1763769818001 implements MigrationInterface {
  name = 'Retention1763769818001';
  transaction = false;

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const { table, name, column } of AGE_INDEXES) {
      await queryRunner.createIndex(table, new TableIndex({ name, columnNames: [column] }));
    }
    if (queryRunner.connection.options.type !== 'better-sqlite3') return;
    const [{ auto_vacuum: mode }] = await queryRunner.query('PRAGMA auto_vacuum');
    if (Number(mode) === INCREMENTAL) return;
    await queryRunner.query('PRAGMA auto_vacuum = INCREMENTAL');
    await queryRunner.query('VACUUM');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const { table, name } of [...AGE_INDEXES].reverse()) await queryRunner.dropIndex(table, name);
  }
}

const INCREMENTAL = 2;
