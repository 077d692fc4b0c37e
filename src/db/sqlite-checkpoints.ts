import { Inject, Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { CONFIG } from '../config/config.module';
import { Config } from '../config/load-config';
import { isServeRole, PROCESS_ROLE, ProcessRole } from '../config/process-role';
import { SQLITE_BUSY_TIMEOUT_MS } from './data-source-options';
import { parseDatabaseUrl } from './database-url';
import { WalCheckpointer } from './wal-checkpointer';

/** SQLite's default: a checkpoint once the log holds this many pages. */
const AUTOMATIC_CHECKPOINT_PAGES = 1000;

/**
 * Runs the app's SQLite checkpoints on a worker thread (its connection opens with automatic checkpoints
 * off); if the worker fails, SQLite's automatic checkpoints come back so that the log cannot grow unbounded.
 * Only `serve` does: a CLI command is over long before its first tick, and starting the thread, then
 * waiting for it to stop, was a third of a short command's time (SQLite checkpoints by itself there).
 */
@Injectable()
export class SqliteCheckpoints implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(SqliteCheckpoints.name);
  private checkpointer: WalCheckpointer | null = null;

  constructor(
    @Inject(CONFIG) private readonly config: Config,
    @Inject(PROCESS_ROLE) private readonly role: ProcessRole,
    private readonly dataSource: DataSource,
  ) {}

  onModuleInit(): void {
    const target = parseDatabaseUrl(this.config.DATABASE_URL);
    if (!isServeRole(this.role) || target.dialect !== 'sqlite' || target.path === ':memory:') return;
    this.checkpointer = new WalCheckpointer({
      path: target.path,
      busyTimeoutMs: SQLITE_BUSY_TIMEOUT_MS,
      onFailure: (message) => void this.fallBack(message),
    });
  }

  async onModuleDestroy(): Promise<void> {
    await this.checkpointer?.stop();
    this.checkpointer = null;
  }

  private async fallBack(message: string): Promise<void> {
    if (!this.checkpointer) return;
    this.logger.error(`background WAL checkpoints failed (${message}); SQLite checkpoints by itself again`);
    const checkpointer = this.checkpointer;
    this.checkpointer = null;
    await this.dataSource.query(`PRAGMA wal_autocheckpoint = ${AUTOMATIC_CHECKPOINT_PAGES}`);
    await checkpointer.stop();
  }
}
