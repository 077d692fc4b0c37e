import { QueryRunner, TableColumnOptions } from 'typeorm';

/**
 * Column builders for migrations that run on SQLite and MySQL/MariaDB alike. The two dialects differ
 * only where written here: MySQL needs datetime(3) for milliseconds and mediumtext for bodies over 64 KB.
 * Ids are ULIDs made by the app; times are UTC written by the app, never database defaults.
 */
export function portableColumns(queryRunner: QueryRunner) {
  const isMysql = queryRunner.connection.options.type === 'mysql';
  return {
    id: (name = 'id'): TableColumnOptions => ({ name, type: 'varchar', length: '26', isPrimary: true }),
    reference: (name: string, isNullable = false): TableColumnOptions => ({
      name,
      type: 'varchar',
      length: '26',
      isNullable,
    }),
    string: (name: string, length: number, isNullable = false): TableColumnOptions => ({
      name,
      type: 'varchar',
      length: String(length),
      isNullable,
    }),
    sha256: (name: string, isNullable = false): TableColumnOptions => ({
      name,
      type: 'varchar',
      length: '64',
      isNullable,
    }),
    text: (name: string, isNullable = true): TableColumnOptions => ({ name, type: 'text', isNullable }),
    longText: (name: string, isNullable = true): TableColumnOptions => ({
      name,
      type: isMysql ? 'mediumtext' : 'text',
      isNullable,
    }),
    integer: (name: string, defaultValue?: number, isNullable = false): TableColumnOptions => ({
      name,
      type: 'integer',
      isNullable,
      ...(defaultValue === undefined ? {} : { default: defaultValue }),
    }),
    bigint: (name: string, defaultValue?: number): TableColumnOptions => ({
      name,
      type: 'bigint',
      isNullable: false,
      ...(defaultValue === undefined ? {} : { default: defaultValue }),
    }),
    boolean: (name: string, defaultValue: boolean): TableColumnOptions => ({
      name,
      type: 'boolean',
      isNullable: false,
      default: defaultValue ? 1 : 0,
    }),
    datetime: (name: string, isNullable = false): TableColumnOptions => ({
      name,
      type: 'datetime',
      isNullable,
      ...(isMysql ? { precision: 3 } : {}),
    }),
  };
}
