import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import mysql from 'mysql2/promise';

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

/** A fresh, empty database: a temporary SQLite file, or a new MariaDB database dropped afterwards. */
export async function createTestDatabase(dialect: Dialect): Promise<TestDatabase> {
  if (dialect === 'sqlite') {
    const directory = mkdtempSync(join(tmpdir(), 'tidings-test-'));
    return {
      dialect,
      url: `sqlite:${join(directory, 'tidings.db')}`,
      drop: async () => rmSync(directory, { recursive: true, force: true }),
    };
  }
  const server = new URL(process.env.TEST_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306/test');
  const name = `tidings_t_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = await mysql.createConnection({ uri: server.toString() });
  await admin.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  await admin.end();
  const url = new URL(server.toString());
  url.pathname = `/${name}`;
  return {
    dialect,
    url: url.toString(),
    drop: async () => {
      const connection = await mysql.createConnection({ uri: server.toString() });
      await connection.query(`DROP DATABASE IF EXISTS \`${name}\``);
      await connection.end();
    },
  };
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
