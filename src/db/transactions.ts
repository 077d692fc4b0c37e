import { AsyncLocalStorage } from 'node:async_hooks';
import { DataSource, EntityManager } from 'typeorm';

const BUSY_ATTEMPTS = 8;

/**
 * The one way to write atomically. TypeORM's SQLite driver shares a single connection, so two
 * transactions started at once would interleave on it: here they queue instead. On MySQL each
 * transaction takes its own pooled connection. Never await network I/O inside `work`.
 */
export class Transactions {
  private queue: Promise<unknown> = Promise.resolve();
  private readonly insideTransaction = new AsyncLocalStorage<true>();

  constructor(private readonly dataSource: DataSource) {}

  run<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    if (this.dataSource.options.type === 'mysql') return this.dataSource.transaction(work);
    // A transaction started from inside another would wait for it forever in the queue.
    if (this.insideTransaction.getStore()) {
      return Promise.reject(
        new Error('Transactions.run called inside a transaction: use the manager given to it'),
      );
    }
    const result = this.queue.then(() => this.runRetryingBusy(work));
    this.queue = result.catch(() => undefined);
    return result;
  }

  /**
   * Another process writing the same SQLite file can make a transaction that read first fail at its
   * first write (SQLITE_BUSY, without waiting: its snapshot is stale). Nothing was written and `work`
   * does no network I/O, so it runs again, a few times, after a short random pause.
   */
  private async runRetryingBusy<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await this.dataSource.transaction((manager) =>
          this.insideTransaction.run(true, () => work(manager)),
        );
      } catch (error) {
        if (attempt >= BUSY_ATTEMPTS || !String((error as { code?: string }).code).startsWith('SQLITE_BUSY'))
          throw error;
        await new Promise((resolve) => setTimeout(resolve, attempt * (10 + Math.random() * 40)));
      }
    }
  }
}
