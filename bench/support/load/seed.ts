import { DataSource } from 'typeorm';
import { newId, sha256Hex } from '../../../src/common/ids';

/** A datetime as both dialects store TypeORM's (UTC, no zone). */
export function sqlTime(instant: Date): string {
  return instant.toISOString().replace('T', ' ').replace('Z', '');
}

const ROWS_PER_INSERT = 500;

async function insertMany(
  dataSource: DataSource,
  table: string,
  columns: readonly string[],
  rows: ReadonlyArray<readonly unknown[]>,
): Promise<void> {
  const row = `(${columns.map(() => '?').join(', ')})`;
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
    const chunk = rows.slice(start, start + ROWS_PER_INSERT);
    await dataSource.query(
      `INSERT INTO ${table} (${columns.join(', ')}) VALUES ${chunk.map(() => row).join(', ')}`,
      chunk.flat(),
    );
  }
}

/**
 * `readers` users and one feed per URL, each feed read by one of them (round robin) in `mode`; every feed
 * waits until 2100 (a round makes them due). Returns the feeds' ids in the order of `urls`.
 */
export async function seedReaders(
  dataSource: DataSource,
  urls: readonly string[],
  readers: number,
  mode: 'realtime' | 'daily',
): Promise<string[]> {
  const now = sqlTime(new Date());
  const userIds = Array.from({ length: readers }, () => newId());
  await insertMany(
    dataSource,
    'users',
    ['id', 'email', 'timezone', 'digest_hour', 'digest_weekday', 'role', 'created_at'],
    userIds.map((id, index) => [id, `reader${index}@load.example`, 'UTC', 7, 1, 'user', now]),
  );
  const feedIds = urls.map(() => newId());
  await insertMany(
    dataSource,
    'feeds',
    ['id', 'url', 'url_hash', 'status', 'next_poll_at', 'error_count', 'created_at', 'updated_at'],
    urls.map((url, index) => [
      feedIds[index],
      url,
      sha256Hex(url),
      'active',
      '2100-01-01 00:00:00.000',
      0,
      now,
      now,
    ]),
  );
  await insertMany(
    dataSource,
    'subscriptions',
    ['id', 'user_id', 'feed_id', 'mode', 'full_text', 'created_at'],
    feedIds.map((feedId, index) => [newId(), userIds[index % readers], feedId, mode, 0, now]),
  );
  return feedIds;
}
