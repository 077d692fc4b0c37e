import { DataSource, EntityManager } from 'typeorm';

/**
 * The one way to write atomically. TypeORM's SQLite driver shares a single connection, so two
 * transactions started at once would interleave on it: here they queue instead. On MySQL each
 * transaction takes its own pooled connection. Never await network I/O inside `work`.
 */
export class Transactions {
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly dataSource: DataSource) {}

  run<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    if (this.dataSource.options.type === 'mysql') return this.dataSource.transaction(work);
    const result = this.queue.then(() => this.dataSource.transaction(work));
    this.queue = result.catch(() => undefined);
    return result;
  }
}
