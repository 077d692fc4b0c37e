import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mysql from 'mysql2/promise';

/** A fresh database for one run: a new MariaDB database (BENCH_MYSQL_URL's server), or a SQLite file. */
export async function freshDatabase(
  dialect: 'mysql' | 'sqlite',
): Promise<{ url: string; drop: () => Promise<void> }> {
  if (dialect === 'sqlite') {
    const directory = mkdtempSync(join(tmpdir(), 'tidings-load-'));
    return {
      url: `sqlite:${join(directory, 'load.db')}`,
      drop: async () => rmSync(directory, { recursive: true, force: true }),
    };
  }
  const server = process.env.BENCH_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306/test';
  const name = `tidings_bench_load_${process.pid}`;
  const admin = async (sql: string) => {
    const connection = await mysql.createConnection({ uri: server, connectTimeout: 5000 });
    try {
      await connection.query(sql);
    } finally {
      await connection.end();
    }
  };
  await admin(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS \`${name}\``) };
}
