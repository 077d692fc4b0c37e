import type Database from 'better-sqlite3';
import { Driver, EntityManager, EntityTarget, ObjectLiteral } from 'typeorm';
import { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata';
import { BetterSqlite3Driver } from 'typeorm/driver/better-sqlite3/BetterSqlite3Driver';
import { isSameValue } from '../common/same-value';
import { columnOf, placeholders } from './raw-rows';

export interface RowUpdate<T> {
  id: string;
  values: Partial<T>;
}

/** Rows per statement: 100 rows of a few varying columns stay far below every driver's parameter cap. */
const ROWS_PER_STATEMENT = 100;
/** Rows locked by one `SELECT … FOR UPDATE`. */
const LOCKED_PER_STATEMENT = 1000;

/**
 * Updates many rows by primary key, without a query-builder round per row: a poll cycle writes
 * thousands of feeds. Rows that change the same columns share one statement. On MySQL/MariaDB, where
 * each statement is a network round trip, they share one UPDATE per 100 rows: a column with one value
 * for all of them is set once, a column whose value differs becomes `CASE id WHEN … THEN … END`. On
 * SQLite, in process, one prepared `UPDATE … WHERE id = ?` run per row is cheaper still (SQLite evaluates
 * a CASE per row). Values go through the driver's own conversion, as `update()` would. Run it inside a
 * transaction for atomicity. On MySQL the rows are first locked in primary-key order, all of them, so
 * that the statements of one group after another never take them in an order crossing another writer's
 * (a poll cycle's claims lock in that order too): such crossings were deadlocks between workers.
 * `lockedByCaller`: the caller's transaction already holds those locks (it read the rows `FOR UPDATE`).
 */
export async function bulkUpdate<T extends ObjectLiteral>(
  manager: EntityManager,
  target: EntityTarget<T>,
  rows: ReadonlyArray<RowUpdate<T>>,
  { lockedByCaller = false }: { lockedByCaller?: boolean } = {},
): Promise<void> {
  const metadata = manager.connection.getMetadata(target);
  const driver = manager.connection.driver;
  const [idColumn] = metadata.primaryColumns;
  const sqlite = sqliteConnectionOf(manager);
  if (!sqlite && !lockedByCaller)
    await lockInKeyOrder(manager, metadata.tableName, idColumn.databaseName, rows);
  for (const group of groupByChangedColumns(rows)) {
    const columns = Object.keys(group[0].values).map((property) => columnOf(manager, target, property));
    if (columns.length === 0) continue;
    if (sqlite) {
      const assignments = columns.map((column) => `${driver.escape(column.databaseName)} = ?`);
      const statement = sqlite.prepare(
        `UPDATE ${driver.escape(metadata.tableName)} SET ${assignments.join(', ')} ` +
          `WHERE ${driver.escape(idColumn.databaseName)} = ?`,
      );
      const storedValuesOf = storedValuesReusingRepeats(driver, columns);
      for (const row of group) statement.run(...storedValuesOf(row.values), row.id);
      continue;
    }
    for (let start = 0; start < group.length; start += ROWS_PER_STATEMENT) {
      const chunk = group.slice(start, start + ROWS_PER_STATEMENT);
      const parameters: unknown[] = [];
      const assignments = columns.map((column) => {
        const values = chunk.map((row) =>
          driver.preparePersistentValue(row.values[column.propertyName], column),
        );
        const name = driver.escape(column.databaseName);
        if (values.every((value) => isSameValue(value, values[0]))) {
          parameters.push(values[0]);
          return `${name} = ?`;
        }
        const cases = chunk.map((row, index) => {
          parameters.push(row.id, values[index]);
          return 'WHEN ? THEN ?';
        });
        return `${name} = CASE ${driver.escape(idColumn.databaseName)} ${cases.join(' ')} END`;
      });
      parameters.push(...chunk.map((row) => row.id));
      const sql =
        `UPDATE ${driver.escape(metadata.tableName)} SET ${assignments.join(', ')} ` +
        `WHERE ${driver.escape(idColumn.databaseName)} IN (${placeholders(chunk.length)})`;
      await manager.query(sql, parameters);
    }
  }
}

async function lockInKeyOrder(
  manager: EntityManager,
  table: string,
  idColumn: string,
  rows: ReadonlyArray<RowUpdate<unknown>>,
): Promise<void> {
  const driver = manager.connection.driver;
  const ids = [...new Set(rows.map((row) => row.id))].sort();
  for (let start = 0; start < ids.length; start += LOCKED_PER_STATEMENT) {
    const chunk = ids.slice(start, start + LOCKED_PER_STATEMENT);
    await manager.query(
      `SELECT ${driver.escape(idColumn)} FROM ${driver.escape(table)} ` +
        `WHERE ${driver.escape(idColumn)} IN (${placeholders(chunk.length)}) ORDER BY ${driver.escape(idColumn)} FOR UPDATE`,
      chunk,
    );
  }
}

/** better-sqlite3's own connection (TypeORM's SQLite driver has one, shared by every query), else null. */
function sqliteConnectionOf(manager: EntityManager): Database.Database | null {
  const driver = manager.connection.driver;
  return driver instanceof BetterSqlite3Driver ? (driver.databaseConnection as Database.Database) : null;
}

/**
 * The driver's stored form of a row's values, column by column; a value equal to the previous row's is
 * not converted again (a poll cycle's thousands of feeds share their poll time and `updated_at`).
 */
function storedValuesReusingRepeats<T>(
  driver: Driver,
  columns: readonly ColumnMetadata[],
): (values: Partial<T>) => unknown[] {
  const previous = columns.map(() => ({ value: undefined as unknown, stored: undefined as unknown }));
  return (values) =>
    columns.map((column, index) => {
      const value = (values as Record<string, unknown>)[column.propertyName];
      const last = previous[index];
      if (last.stored === undefined || !isSameValue(value, last.value))
        Object.assign(last, { value, stored: driver.preparePersistentValue(value, column) });
      return last.stored;
    });
}

/** Rows grouped by the set of columns they change; two updates of one row merge, the later winning. */
function groupByChangedColumns<T>(rows: ReadonlyArray<RowUpdate<T>>): Array<Array<RowUpdate<T>>> {
  const merged = new Map<string, Partial<T>>();
  for (const { id, values } of rows) {
    const row: Partial<T> = merged.get(id) ?? {};
    for (const property in values) if (values[property] !== undefined) row[property] = values[property];
    merged.set(id, row);
  }
  const groups = new Map<string, Array<RowUpdate<T>>>();
  for (const [id, values] of merged) {
    const key = Object.keys(values).sort().join(',');
    const group = groups.get(key);
    if (group) group.push({ id, values });
    else groups.set(key, [{ id, values }]);
  }
  return [...groups.values()];
}
