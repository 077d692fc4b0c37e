import { DataSource } from 'typeorm';
import { buildDataSourceOptions } from '../../../src/db/data-source-options';
import { prepareDatabase } from '../../../src/db/prepare-database';
import { createTestDatabase, TestDatabase } from '../../support/test-database';

interface ColumnShape {
  type: string;
  nullable: boolean;
}

/** The schema as both dialects can state it: tables, columns with a common type name, indices. */
async function describeSchema(url: string) {
  const dataSource = await new DataSource(buildDataSourceOptions(url)).initialize();
  try {
    const runner = dataSource.createQueryRunner();
    const tables = await runner.getTables(dataSource.entityMetadatas.map((metadata) => metadata.tableName));
    await runner.release();
    return Object.fromEntries(
      tables
        .map((table) => [
          table.name.replace(/^.*\./, ''),
          {
            columns: Object.fromEntries(
              table.columns.map((column): [string, ColumnShape] => [
                column.name,
                { type: commonType(column.type, column.length), nullable: column.isNullable },
              ]),
            ),
            primary: table.columns.filter((column) => column.isPrimary).map((column) => column.name),
            indices: table.indices
              .map(
                (index) => `${index.isUnique ? 'unique ' : ''}${index.name}(${index.columnNames.join(',')})`,
              )
              .sort(),
            foreignKeys: table.foreignKeys
              .map(
                (key) =>
                  `${key.columnNames.join(',')}->${key.referencedTableName.replace(/^.*\./, '')}:${key.onDelete}`,
              )
              .sort(),
          },
        ])
        .sort(([a], [b]) => String(a).localeCompare(String(b))),
    );
  } finally {
    await dataSource.destroy();
  }
}

function commonType(type: string, length: string): string {
  const base = type.toLowerCase();
  // MySQL's own names for the same kind: a bigger text or blob (its `blob` stops at 64 KB).
  const name = { int: 'integer', tinyint: 'boolean', mediumtext: 'text', longblob: 'blob' }[base] ?? base;
  return length && name === 'varchar' ? `varchar(${length})` : name;
}

const mysqlAvailable = process.env.TIDINGS_TEST_MYSQL === 'available';

describe('migrations', () => {
  const databases: TestDatabase[] = [];

  afterAll(() => Promise.all(databases.map((database) => database.drop())));

  // Without MariaDB (outside CI only: global-setup fails CI), this comparison is left out loudly.
  if (mysqlAvailable)
    it('create the same schema on SQLite and MariaDB', async () => {
      const sqlite = await createTestDatabase('sqlite');
      const mysql = await createTestDatabase('mysql');
      databases.push(sqlite, mysql);
      await prepareDatabase(sqlite.url, { migrate: true });
      await prepareDatabase(mysql.url, { migrate: true });
      const [sqliteSchema, mysqlSchema] = await Promise.all([
        describeSchema(sqlite.url),
        describeSchema(mysql.url),
      ]);
      expect(Object.keys(sqliteSchema)).toEqual(
        expect.arrayContaining(['users', 'feeds', 'subscriptions', 'entries', 'outbox_emails']),
      );
      expect(mysqlSchema).toEqual(sqliteSchema);
    });

  it('are idempotent: a second run applies nothing', async () => {
    const sqlite = await createTestDatabase('sqlite');
    databases.push(sqlite);
    expect((await prepareDatabase(sqlite.url, { migrate: true })).length).toBeGreaterThan(0);
    expect(await prepareDatabase(sqlite.url, { migrate: true })).toEqual([]);
  });
});
