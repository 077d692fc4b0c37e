import { ObjectLiteral, Repository } from 'typeorm';

/** One group of `countGrouped`: the grouping columns' values (by column name) and the number of rows. */
export type GroupCount = Record<string, string> & { count: number };

/**
 * Rows counted per distinct value of `columns` (snake_case names), or summed over `sumOf` instead of
 * counted; what gauges and statistics read at once, on both dialects (their drivers return the
 * aggregate as a number or a string).
 */
export async function countGrouped<T extends ObjectLiteral>(
  repository: Repository<T>,
  columns: readonly string[],
  sumOf?: string,
): Promise<GroupCount[]> {
  const query = repository
    .createQueryBuilder()
    .select(sumOf ? `COALESCE(SUM(${sumOf}), 0)` : 'COUNT(*)', 'count');
  for (const column of columns) query.addSelect(column, column).addGroupBy(column);
  const rows = await query.getRawMany<Record<string, string | number | null>>();
  return rows.map((row) => {
    const group: Record<string, string> = {};
    for (const column of columns) group[column] = String(row[column] ?? '');
    return Object.assign(group, { count: Number(row.count) });
  });
}
