import { AsyncLocalStorage } from 'node:async_hooks';
import { DataSource, EntityManager } from 'typeorm';

const ATTEMPTS = 8;

/**
 * The one way to write atomically. TypeORM's SQLite driver shares a single connection, so two
 * transactions started at once would interleave on it: here they queue instead. On MySQL each
 * transaction takes its own pooled connection. Never await network I/O inside `work`: a transaction that
 * lost a race with another's runs again.
 */
export class Transactions {
  private queue: Promise<unknown> = Promise.resolve();
  private readonly insideTransaction = new AsyncLocalStorage<true>();

  constructor(private readonly dataSource: DataSource) {
    if (dataSource.options.type === 'better-sqlite3') beginImmediately(dataSource);
  }

  run<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    if (this.dataSource.options.type === 'mysql') return this.runRetrying(work);
    // A transaction started from inside another would wait for it forever in the queue.
    if (this.insideTransaction.getStore()) {
      return Promise.reject(
        new Error('Transactions.run called inside a transaction: use the manager given to it'),
      );
    }
    const result = this.queue.then(() => this.runRetrying(work));
    this.queue = result.catch(() => undefined);
    return result;
  }

  /**
   * A transaction that lost a race with another process's wrote nothing: on SQLite, one that read first
   * fails at its first write (SQLITE_BUSY, without waiting: its snapshot is stale); on MySQL, InnoDB
   * rolls back one side of a deadlock, or a transaction that waited too long for a lock (concurrent
   * delete-and-insert on one index does it under load). `work` does no network I/O, so it runs again, a
   * few times, after a short random pause.
   */
  private runRetrying<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return retryLostRaces(() =>
      this.dataSource.transaction((manager) => this.insideTransaction.run(true, () => work(manager))),
    );
  }
}

/**
 * Runs `attempt` (one statement or transaction that, failing, wrote nothing and did no network I/O)
 * again, a few times after a short random pause, when it lost a race: a deadlock's victim, a lock waited
 * for too long, SQLite's busy file. A poll cycle's claims and releases go through it: before, one
 * deadlock between two workers failed the whole cycle.
 */
export async function retryLostRaces<T>(attempt: () => Promise<T>): Promise<T> {
  for (let tries = 1; ; tries += 1) {
    try {
      return await attempt();
    } catch (error) {
      if (tries >= ATTEMPTS || !lostRace(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, tries * (10 + Math.random() * 40)));
    }
  }
}

export function lostRace(error: unknown): boolean {
  const code = String((error as { code?: string }).code);
  return code.startsWith('SQLITE_BUSY') || code === 'ER_LOCK_DEADLOCK' || code === 'ER_LOCK_WAIT_TIMEOUT';
}

/**
 * SQLite transactions begin IMMEDIATE, not DEFERRED as TypeORM's `BEGIN TRANSACTION` does: the write lock
 * is taken at the start, waiting (up to the busy timeout) for another process's transaction to end. A
 * deferred one reads first and fails at its first write, at once and without waiting, whenever another
 * process has written since it began (SQLITE_BUSY_SNAPSHOT); with three workers on a loaded machine a
 * transaction lost that race eight times in a row, its feeds' polls failed and another worker fetched
 * them again. TypeORM's better-sqlite3 driver keeps one query runner, whose BEGIN is rewritten here.
 */
function beginImmediately(dataSource: DataSource): void {
  const runner = dataSource.driver.createQueryRunner('master');
  const query = runner.query.bind(runner) as (sql: string, ...rest: unknown[]) => Promise<unknown>;
  runner.query = ((sql: string, ...rest: unknown[]) =>
    query(sql === 'BEGIN TRANSACTION' ? 'BEGIN IMMEDIATE TRANSACTION' : sql, ...rest)) as typeof runner.query;
}
