import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import mysql from 'mysql2/promise';
import { prepareDatabase } from '../../src/db/prepare-database';

export type Dialect = 'sqlite' | 'mysql';

export interface TestDatabase {
  dialect: Dialect;
  url: string;
  drop(): Promise<void>;
}

/** The dialects this run can test: SQLite always, MariaDB when global-setup reached it. */
export function testDialects(): Dialect[] {
  return process.env.TIDINGS_TEST_MYSQL === 'available' ? ['sqlite', 'mysql'] : ['sqlite'];
}

/**
 * A fresh database: a temporary SQLite file, or a new MariaDB database dropped afterwards; empty, or with
 * `migrated` a copy of the run's migrated template (`makeMigratedTemplates`) when there is one.
 */
export async function createTestDatabase(
  dialect: Dialect,
  { migrated = false }: { migrated?: boolean } = {},
): Promise<TestDatabase> {
  if (dialect === 'sqlite') {
    const directory = mkdtempSync(join(tmpdir(), 'tidings-test-'));
    const path = join(directory, 'tidings.db');
    const template = process.env.TIDINGS_TEST_SQLITE_TEMPLATE;
    if (migrated && template) copyFileSync(template, path);
    return {
      dialect,
      url: `sqlite:${path}`,
      drop: async () => rmSync(directory, { recursive: true, force: true }),
    };
  }
  const server = new URL(process.env.TEST_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306/test');
  const name = `tidings_t_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = await mysql.createConnection({ uri: server.toString(), multipleStatements: true });
  await admin.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  const template = process.env.TIDINGS_TEST_MYSQL_TEMPLATE;
  if (migrated && template) await copyTables(admin, template, name);
  await admin.end();
  const url = new URL(server.toString());
  url.pathname = `/${name}`;
  return {
    dialect,
    url: url.toString(),
    drop: () => dropMysqlDatabase(name),
  };
}

/**
 * Made once a run (global-setup.js): a database of each dialect with every migration applied, which
 * `createTestDatabase(dialect, { migrated: true })` copies. Migrating each test's database again was
 * ~90 DDL statements on MariaDB (0.4 s of a quiet machine, seconds in a busy run) for a hundred databases.
 */
export async function makeMigratedTemplates(directory: string): Promise<void> {
  const sqlite = join(directory, 'migrated-template.db');
  await prepareDatabase(`sqlite:${sqlite}`, { migrate: true });
  process.env.TIDINGS_TEST_SQLITE_TEMPLATE = sqlite;
  if (process.env.TIDINGS_TEST_MYSQL !== 'available') return;
  const mysqlTemplate = await createTestDatabase('mysql');
  await prepareDatabase(mysqlTemplate.url, { migrate: true });
  process.env.TIDINGS_TEST_MYSQL_TEMPLATE = new URL(mysqlTemplate.url).pathname.slice(1);
}

/** Drops the run's MariaDB template (global-teardown.js). */
export async function dropMigratedTemplates(): Promise<void> {
  const template = process.env.TIDINGS_TEST_MYSQL_TEMPLATE;
  if (template) await dropMysqlDatabase(template);
}

async function dropMysqlDatabase(name: string): Promise<void> {
  const connection = await mysql.createConnection({
    uri: process.env.TEST_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306/test',
  });
  await connection.query(`DROP DATABASE IF EXISTS \`${name}\``);
  await connection.end();
}

/** Every table of `from` (its columns and indexes: the schema has no foreign keys) and its rows, into `to`. */
async function copyTables(admin: mysql.Connection, from: string, to: string): Promise<void> {
  const [tables] = await admin.query<mysql.RowDataPacket[]>(
    'SELECT table_name AS name FROM information_schema.tables WHERE table_schema = ?',
    [from],
  );
  await admin.query(
    tables
      .map(
        ({ name }) =>
          `CREATE TABLE \`${to}\`.\`${name}\` LIKE \`${from}\`.\`${name}\`; ` +
          `INSERT INTO \`${to}\`.\`${name}\` SELECT * FROM \`${from}\`.\`${name}\`;`,
      )
      .join(' '),
  );
}

/** Runs one read-only query on a test database from the test's own process (to watch other processes' work). */
export async function queryDatabase<T>(database: TestDatabase, sql: string): Promise<T[]> {
  if (database.dialect === 'sqlite') {
    const connection = new Database(database.url.slice('sqlite:'.length), { readonly: true });
    try {
      return connection.prepare(sql).all() as T[];
    } finally {
      connection.close();
    }
  }
  const connection = await mysql.createConnection({ uri: database.url });
  try {
    const [rows] = await connection.query(sql);
    return rows as T[];
  } finally {
    await connection.end();
  }
}

/** Runs one writing statement on a test database from the test's own process (to stage what other processes see). */
export async function writeDatabase(database: TestDatabase, sql: string): Promise<void> {
  if (database.dialect === 'sqlite') {
    const connection = new Database(database.url.slice('sqlite:'.length));
    try {
      connection.pragma('busy_timeout = 10000');
      connection.prepare(sql).run();
    } finally {
      connection.close();
    }
    return;
  }
  const connection = await mysql.createConnection({ uri: database.url });
  try {
    await connection.query(sql);
  } finally {
    await connection.end();
  }
}
