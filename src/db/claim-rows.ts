import { EntityManager, EntityTarget, ObjectLiteral } from 'typeorm';
import { chunksOf, writeInChunks } from './chunked';
import { columnOf, placeholders, storedValue } from './raw-rows';
import { retryLostRaces } from './transactions';

/**
 * The SQL of claims for tables that claim many rows at once (feeds being polled): which claim holds a
 * row (a token per claim), which process (`ClaimLeases.owner`, whose heartbeat renews the lease) and
 * until when. The lease's length and its renewal are `ClaimLeases`' (src/db/claim-leases.ts).
 */

/** The columns a table keeps a claim in: whose it is (a token per claim), which process, until when. */
export interface LeaseColumns<T> {
  token: keyof T & string;
  owner: keyof T & string;
  until: keyof T & string;
}

export interface LeaseClaim {
  /** New for each claim (a poll cycle, a flush): it tells one's own rows from every other claim's. */
  token: string;
  /** The process holding it (`ClaimLeases.owner`): its heartbeat renews the lease. */
  owner: string;
  until: Date;
  now: Date;
}

/**
 * Claims those of `ids` that nobody holds (no lease, or one that ended before `now`) and that meet
 * `condition` (SQL over the table's columns, with its parameters), with one conditional UPDATE per
 * `IDS_PER_STATEMENT` ids: two processes never both get a row. Returns the ids this claim got. A claim that lost a race
 * (a deadlock with another process's writes) is made again: it wrote nothing. SQLite answers the ids
 * claimed from the UPDATE itself (`RETURNING`); MySQL/MariaDB, which have no `UPDATE … RETURNING`, read
 * them back by token (a poll cycle's second statement per claim was a third of its claiming time).
 */
export async function claimRows<T extends ObjectLiteral>(
  manager: EntityManager,
  target: EntityTarget<T>,
  columns: LeaseColumns<T>,
  ids: readonly string[],
  claim: LeaseClaim,
  condition: { sql: string; parameters: readonly unknown[] } = { sql: '1 = 1', parameters: [] },
): Promise<string[]> {
  const [table, token, owner, until] = names(manager, target, columns);
  const stored = (property: keyof T & string, value: unknown) =>
    storedValue(manager, target, property, value);
  const isSqlite = manager.connection.options.type === 'better-sqlite3';
  const claimed: string[] = [];
  for (const chunk of chunksOf(ids)) {
    const returned: Array<{ id: string }> = await retryLostRaces(() =>
      manager.query(
        `UPDATE ${table} SET ${token} = ?, ${owner} = ?, ${until} = ? ` +
          `WHERE id IN (${placeholders(chunk.length)}) AND (${until} IS NULL OR ${until} < ?) AND (${condition.sql})` +
          (isSqlite ? ' RETURNING id' : ''),
        [
          claim.token,
          claim.owner,
          stored(columns.until, claim.until),
          ...chunk,
          stored(columns.until, claim.now),
          ...condition.parameters,
        ],
      ),
    );
    const rows: Array<{ id: string }> = isSqlite
      ? returned
      : await manager.query(
          `SELECT id FROM ${table} WHERE ${token} = ? AND id IN (${placeholders(chunk.length)})`,
          [claim.token, ...chunk],
        );
    claimed.push(...rows.map((row) => row.id));
  }
  return claimed;
}

/** Moves the end of the leases `owner` holds in this table under these claim tokens (`ClaimLeases`' heartbeat). */
export async function renewLeases<T extends ObjectLiteral>(
  manager: EntityManager,
  target: EntityTarget<T>,
  columns: LeaseColumns<T>,
  owner: string,
  until: Date,
  tokens: readonly string[],
): Promise<void> {
  const [table, tokenColumn, ownerColumn, untilColumn] = names(manager, target, columns);
  await writeInChunks(tokens, (chunk) =>
    retryLostRaces(() =>
      manager.query(
        `UPDATE ${table} SET ${untilColumn} = ? WHERE ${ownerColumn} = ? AND ${tokenColumn} IN (${placeholders(chunk.length)})`,
        [storedValue(manager, target, columns.until, until), owner, ...chunk],
      ),
    ),
  );
}

/**
 * Lets go of the rows one claim (`{ token }`) or one process (`{ owner }`, a clean stop) still holds,
 * but those of `keep`, whose leases run out by themselves.
 */
export async function releaseLeases<T extends ObjectLiteral>(
  manager: EntityManager,
  target: EntityTarget<T>,
  columns: LeaseColumns<T>,
  holder: { token: string } | { owner: string },
  keep: readonly string[] = [],
): Promise<void> {
  const [table, tokenColumn, ownerColumn, untilColumn] = names(manager, target, columns);
  const [column, value] = 'token' in holder ? [tokenColumn, holder.token] : [ownerColumn, holder.owner];
  const release = `UPDATE ${table} SET ${tokenColumn} = NULL, ${ownerColumn} = NULL, ${untilColumn} = NULL WHERE ${column} = ?`;
  if (keep.length === 0) {
    await retryLostRaces(() => manager.query(release, [value]));
    return;
  }
  // The rows held are read and released by id, a slice at a time: no NOT IN list of any length.
  const isKept = new Set(keep);
  const held: Array<{ id: string }> = await manager.query(`SELECT id FROM ${table} WHERE ${column} = ?`, [
    value,
  ]);
  const released = held.map((row) => row.id).filter((id) => !isKept.has(id));
  await writeInChunks(released, (chunk) =>
    retryLostRaces(() =>
      manager.query(`${release} AND id IN (${placeholders(chunk.length)})`, [value, ...chunk]),
    ),
  );
  // Kept rows belong to no process any more, so that no heartbeat renews them: their lease runs out.
  await writeInChunks(keep, (chunk) =>
    retryLostRaces(() =>
      manager.query(
        `UPDATE ${table} SET ${ownerColumn} = NULL WHERE ${column} = ? AND id IN (${placeholders(chunk.length)})`,
        [value, ...chunk],
      ),
    ),
  );
}

/** The values that clear a row's lease, to write along with the row's other changes. */
export function clearedLease<T>(columns: LeaseColumns<T>): Partial<T> {
  return { [columns.token]: null, [columns.owner]: null, [columns.until]: null } as Partial<T>;
}

function names<T extends ObjectLiteral>(
  manager: EntityManager,
  target: EntityTarget<T>,
  columns: LeaseColumns<T>,
): [string, string, string, string] {
  const driver = manager.connection.driver;
  const column = (property: keyof T & string) =>
    driver.escape(columnOf(manager, target, property).databaseName);
  return [
    driver.escape(manager.connection.getMetadata(target).tableName),
    column(columns.token),
    column(columns.owner),
    column(columns.until),
  ];
}
