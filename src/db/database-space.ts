import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Transactions } from './transactions';

export interface TableSpace {
  table: string;
  rows: number;
  /** Bytes of the table and its indexes (SQLite: pages in use; MySQL: InnoDB's data and index length). */
  bytes: number;
}

export interface DatabaseSpaceReport {
  dialect: 'sqlite' | 'mysql';
  tables: TableSpace[];
  /** The whole database: the SQLite file's pages, or the sum over the schema's tables on MySQL. */
  totalBytes: number;
  /** Space held but unused: SQLite's free pages, InnoDB's `data_free`. */
  freeBytes: number;
}

/** How many free pages one retention pass gives back to the file system at most (4 MB of 4 kB pages). */
export const RECLAIM_PAGES = 1024;

/** What the database takes, table by table, and giving back the space pruned rows leave (SQLite). */
@Injectable()
export class DatabaseSpace {
  constructor(
    private readonly dataSource: DataSource,
    private readonly transactions: Transactions,
  ) {}

  private get isSqlite(): boolean {
    return this.dataSource.options.type === 'better-sqlite3';
  }

  async report(): Promise<DatabaseSpaceReport> {
    return this.isSqlite ? this.sqliteReport() : this.mysqlReport();
  }

  /**
   * SQLite: frees up to `maxPages` of the file's free pages (the file shrinks at the next checkpoint),
   * when the database vacuums incrementally. MySQL: InnoDB reuses freed space by itself; nothing to do.
   * Returns how many pages were given back.
   */
  async reclaim(maxPages = RECLAIM_PAGES): Promise<number> {
    if (!this.isSqlite) return 0;
    const [{ auto_vacuum: mode }] = await this.dataSource.query('PRAGMA auto_vacuum');
    if (Number(mode) !== 2) return 0;
    const before = await this.pragmaNumber('freelist_count');
    // Through `exec`: a prepared statement's single step would free one page only. Queued with the
    // transactions, as it writes on the shared connection.
    const connection = (
      this.dataSource.driver as unknown as { databaseConnection: { exec(sql: string): void } }
    ).databaseConnection;
    const pages = Math.max(1, Math.floor(maxPages));
    await this.transactions.run(async () => connection.exec(`PRAGMA incremental_vacuum(${pages})`));
    return before - (await this.pragmaNumber('freelist_count'));
  }

  private async sqliteReport(): Promise<DatabaseSpaceReport> {
    const names: Array<{ name: string }> = await this.dataSource.query(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
    );
    const sizes: Array<{ name: string; bytes: number }> = await this.dataSource.query(
      'SELECT m.tbl_name AS name, SUM(s.pgsize) AS bytes FROM dbstat s JOIN sqlite_master m ON m.name = s.name GROUP BY m.tbl_name',
    );
    const bytesOf = new Map(sizes.map((size) => [size.name, Number(size.bytes)]));
    const pageSize = await this.pragmaNumber('page_size');
    return {
      dialect: 'sqlite',
      tables: await this.withRowCounts(
        names.map(({ name }) => ({ table: name, bytes: bytesOf.get(name) ?? 0 })),
      ),
      totalBytes: (await this.pragmaNumber('page_count')) * pageSize,
      freeBytes: (await this.pragmaNumber('freelist_count')) * pageSize,
    };
  }

  private async mysqlReport(): Promise<DatabaseSpaceReport> {
    const rows: Array<{ name: string; bytes: string | number; free: string | number }> =
      await this.dataSource.query(
        'SELECT table_name AS name, data_length + index_length AS bytes, data_free AS free ' +
          "FROM information_schema.tables WHERE table_schema = DATABASE() AND table_type = 'BASE TABLE' ORDER BY table_name",
      );
    const tables = await this.withRowCounts(
      rows.map((row) => ({ table: row.name, bytes: Number(row.bytes) })),
    );
    return {
      dialect: 'mysql',
      tables,
      totalBytes: tables.reduce((sum, table) => sum + table.bytes, 0),
      freeBytes: rows.reduce((sum, row) => sum + Number(row.free), 0),
    };
  }

  private async withRowCounts(tables: Array<Omit<TableSpace, 'rows'>>): Promise<TableSpace[]> {
    const escape = (name: string) => this.dataSource.driver.escape(name);
    const counted: TableSpace[] = [];
    for (const table of tables) {
      const [{ n }] = await this.dataSource.query(`SELECT COUNT(*) AS n FROM ${escape(table.table)}`);
      counted.push({ ...table, rows: Number(n) });
    }
    return counted;
  }

  private async pragmaNumber(name: string): Promise<number> {
    const [row] = await this.dataSource.query(`PRAGMA ${name}`);
    return Number(Object.values(row as object)[0]);
  }
}
