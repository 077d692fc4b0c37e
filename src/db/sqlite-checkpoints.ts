import { Inject, Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { CONFIG } from '../config/config.module';
import { Config } from '../config/load-config';
import { isServeRole, PROCESS_ROLE, ProcessRole } from '../config/process-role';
import { SQLITE_BUSY_TIMEOUT_MS } from './data-source-options';
import { parseDatabaseUrl } from './database-url';
import { CHECKPOINT_INTERVAL_MS, WalCheckpointer } from './wal-checkpointer';

/** SQLite's default: a checkpoint once the log holds this many pages. */
const AUTOMATIC_CHECKPOINT_PAGES = 1000;

/** A CLI command still running after this long (a poll of many feeds) moves its checkpoints to the thread. */
const CLI_THREAD_AFTER_MS = CHECKPOINT_INTERVAL_MS;

/**
 * Runs the app's SQLite checkpoints on a worker thread (`serve`'s connection opens with automatic
 * checkpoints off); if the worker fails, SQLite's automatic checkpoints come back so that the log cannot
 * grow unbounded. A CLI command starts the thread only once it has run for a second: most are over before
 * its first tick, and starting it, then waiting for it to stop, cost each ~50 ms of CPU; a long `poll`
 * still gets it (checkpoints on the event loop were a tenth of a poll cycle).
 */
@Injectable()
export class SqliteCheckpoints implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(SqliteCheckpoints.name);
  private checkpointer: WalCheckpointer | null = null;
  private lateStart: NodeJS.Timeout | null = null;
  private isClosed = false;

  constructor(
    @Inject(CONFIG) private readonly config: Config,
    @Inject(PROCESS_ROLE) private readonly role: ProcessRole,
    private readonly dataSource: DataSource,
  ) {}

  onModuleInit(): void {
    const target = parseDatabaseUrl(this.config.DATABASE_URL);
    if (target.dialect !== 'sqlite' || target.path === ':memory:') return;
    if (isServeRole(this.role)) return this.start(target.path);
    this.lateStart = setTimeout(() => void this.startLate(target.path), CLI_THREAD_AFTER_MS);
    this.lateStart.unref();
  }

  async onModuleDestroy(): Promise<void> {
    this.isClosed = true;
    if (this.lateStart) clearTimeout(this.lateStart);
    await this.checkpointer?.stop();
    this.checkpointer = null;
  }

  private async startLate(path: string): Promise<void> {
    this.lateStart = null;
    try {
      await this.dataSource.query('PRAGMA wal_autocheckpoint = 0');
    } catch {
      // The app is closing: its connection checkpoints as it closes.
      return;
    }
    if (!this.isClosed) this.start(path);
  }

  private start(path: string): void {
    this.checkpointer = new WalCheckpointer({
      path,
      busyTimeoutMs: SQLITE_BUSY_TIMEOUT_MS,
      onFailure: (message) => void this.fallBack(message),
    });
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
