/**
 * No statement binds an unbounded number of values. SQLite refuses more than 32,766 parameters ("too
 * many SQL variables": a fan-out to 5,000 readers sent nothing), MySQL's prepared statements 65,535, and
 * MariaDB's range optimizer gives up on an index for a long enough IN list and scans the table. Every
 * `IN (…)` of ids that can grow with the data, and every multi-row insert, goes through these.
 */

/** Values of one `IN (…)` list. */
export const IDS_PER_STATEMENT = 500;

/** Parameters of one multi-row INSERT (a row binds one per column). */
export const PARAMETERS_PER_STATEMENT = 5_000;

/** `items` in consecutive slices of at most `size`. */
export function chunksOf<T>(items: readonly T[], size: number = IDS_PER_STATEMENT): T[][] {
  if (!(size >= 1)) throw new RangeError(`chunk size must be at least 1 (got ${size})`);
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += size) chunks.push(items.slice(start, start + size));
  return chunks;
}

/**
 * `items` in consecutive slices whose sizes (`sizeOf`) add up to at most `maxSize`, one item at least
 * each: the rows of one INSERT when some carry large values (MySQL refuses a statement above its
 * `max_allowed_packet`).
 */
export function chunksBySize<T>(items: readonly T[], sizeOf: (item: T) => number, maxSize: number): T[][] {
  const chunks: T[][] = [];
  let size = 0;
  for (const item of items) {
    const itemSize = sizeOf(item);
    if (chunks.length === 0 || size + itemSize > maxSize) {
      chunks.push([]);
      size = 0;
    }
    chunks[chunks.length - 1].push(item);
    size += itemSize;
  }
  return chunks;
}

/** How many rows of `columns` values one INSERT takes. */
export function rowsPerStatement(columns: number): number {
  return Math.max(1, Math.floor(PARAMETERS_PER_STATEMENT / Math.max(1, columns)));
}

/** The rows `read` finds for each slice of `ids`, one statement per slice, in order. */
export async function readInChunks<T, R>(
  ids: readonly T[],
  read: (chunk: T[]) => Promise<R[]>,
  size: number = IDS_PER_STATEMENT,
): Promise<R[]> {
  const found: R[] = [];
  for (const chunk of chunksOf(ids, size)) found.push(...(await read(chunk)));
  return found;
}

/** What a write says it changed: a count, TypeORM's `UpdateResult`/`DeleteResult`, or nothing. */
type Changed = number | void | { affected?: number | null };

/** Runs `write` for each slice of `ids`, one after another; returns the sum of the rows it says it changed. */
export async function writeInChunks<T>(
  ids: readonly T[],
  write: (chunk: T[]) => Promise<Changed>,
  size: number = IDS_PER_STATEMENT,
): Promise<number> {
  let changed = 0;
  for (const chunk of chunksOf(ids, size)) {
    const result = await write(chunk);
    changed += typeof result === 'number' ? result : (result?.affected ?? 0);
  }
  return changed;
}
