import { EntityManager, EntityTarget, ObjectLiteral } from 'typeorm';
import { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata';
import { chunksOf, rowsPerStatement } from './chunked';

/**
 * Hand-written SQL for the few hot paths (a poll cycle reads and writes thousands of rows): TypeORM's
 * query builder costs several times the query itself there. Values still go through the driver's own
 * conversions, so dates and JSON read and write exactly as through a repository, on both dialects.
 * Column names in the SQL are the tables' snake_case names, which need no quoting on either dialect.
 */

/** `?, ?, ?` for an IN list of `count` values. */
export function placeholders(count: number): string {
  return Array.from({ length: count }, () => '?').join(', ');
}

/** Rows of a SELECT as entity-shaped objects: each selected column under its property, hydrated. */
export async function selectRows<T extends ObjectLiteral>(
  manager: EntityManager,
  target: EntityTarget<T>,
  sql: string,
  parameters: readonly unknown[],
): Promise<T[]> {
  const columns = columnsByName(manager, target);
  const driver = manager.connection.driver;
  const rows: Array<Record<string, unknown>> = await manager.query(sql, [...parameters]);
  return rows.map((row) => {
    const entity: Record<string, unknown> = {};
    for (const name in row) {
      const column = columns.get(name);
      if (column) entity[column.propertyName] = driver.prepareHydratedValue(row[name], column);
      else entity[name] = row[name];
    }
    return entity as T;
  });
}

/** A value as the driver stores it in this column (for a parameter of hand-written SQL). */
export function storedValue<T extends ObjectLiteral>(
  manager: EntityManager,
  target: EntityTarget<T>,
  property: keyof T & string,
  value: unknown,
): unknown {
  return manager.connection.driver.preparePersistentValue(value, columnOf(manager, target, property));
}

/**
 * Inserts whole rows, without reading anything back, in one statement per `rowsPerStatement` rows (run
 * it in a transaction when they must land together). With `ignoreDuplicates`, a row whose primary or
 * unique key exists already is skipped (the rest are inserted).
 */
export async function insertRows<T extends ObjectLiteral>(
  manager: EntityManager,
  target: EntityTarget<T>,
  rows: ReadonlyArray<Partial<T>>,
  options: { ignoreDuplicates?: boolean } = {},
): Promise<void> {
  if (rows.length === 0) return;
  const metadata = manager.connection.getMetadata(target);
  const driver = manager.connection.driver;
  const properties = Object.keys(rows[0]);
  const columns = properties.map((property) => columnOf(manager, target, property));
  const names = columns.map((column) => driver.escape(column.databaseName)).join(', ');
  const first = driver.escape(columns[0].databaseName);
  const onDuplicate = !options.ignoreDuplicates
    ? ''
    : manager.connection.options.type === 'mysql'
      ? ` ON DUPLICATE KEY UPDATE ${first} = ${first}`
      : ' ON CONFLICT DO NOTHING';
  for (const chunk of chunksOf(rows, rowsPerStatement(columns.length))) {
    const parameters = chunk.flatMap((row) =>
      // undefined would be refused by the driver: like an unset nullable property, it is stored as NULL.
      columns.map((column) => driver.preparePersistentValue(row[column.propertyName], column) ?? null),
    );
    const values = chunk.map(() => `(${placeholders(columns.length)})`).join(', ');
    await manager.query(
      `INSERT INTO ${driver.escape(metadata.tableName)} (${names}) VALUES ${values}${onDuplicate}`,
      parameters,
    );
  }
}

export function columnOf<T extends ObjectLiteral>(
  manager: EntityManager,
  target: EntityTarget<T>,
  property: string,
): ColumnMetadata {
  const metadata = manager.connection.getMetadata(target);
  const column = metadata.findColumnWithPropertyName(property);
  if (!column) throw new Error(`${metadata.name} has no column ${property}`);
  return column;
}

function columnsByName<T extends ObjectLiteral>(
  manager: EntityManager,
  target: EntityTarget<T>,
): Map<string, ColumnMetadata> {
  const metadata = manager.connection.getMetadata(target);
  let columns = byName.get(metadata);
  if (!columns) {
    columns = new Map(metadata.columns.map((column) => [column.databaseName, column]));
    byName.set(metadata, columns);
  }
  return columns;
}

const byName = new WeakMap<object, Map<string, ColumnMetadata>>();
