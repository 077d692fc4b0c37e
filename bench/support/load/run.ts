import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { INestApplicationContext } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { createCliContext } from '../../../src/bootstrap';
import { loadConfig } from '../../../src/config/load-config';
import { Clock } from '../../../src/common/clock';
import { DatabaseSpace } from '../../../src/db/database-space';
import { prepareDatabase } from '../../../src/db/prepare-database';
import { RetentionService } from '../../../src/retention/retention.service';
import { BenchResult, reportBench } from '../report';
import { freshDatabase } from './database';
import { LoadOptions } from './options';
import { PrivateRedis, WorkerProcess } from './processes';

/** Lines a worker logs when a whole cycle of its work failed (RecurringJob through FailureLog). */
const FAILED_CYCLE = /poll-cycle failed|Deadlock found/;

/**
 * What every scenario of `bench load` stands on: a fresh database (migrated), a Redis of its own, a
 * Nest context on that database for seeding and counting, and the worker processes.
 */
export class LoadRun {
  readonly workers: WorkerProcess[] = [];
  private stoppedFailures = 0;

  private constructor(
    readonly options: LoadOptions,
    readonly env: Record<string, string>,
    readonly dataSource: DataSource,
    private readonly app: INestApplicationContext,
    private readonly redis: PrivateRedis,
    private readonly dropDatabase: () => Promise<void>,
    private readonly directory: string,
  ) {}

  static async start(options: LoadOptions): Promise<LoadRun> {
    const database = await freshDatabase(options.db);
    const redis = await PrivateRedis.start();
    const directory = mkdtempSync(join(tmpdir(), 'tidings-load-'));
    const env = {
      DATABASE_URL: database.url,
      REDIS_URL: redis.url,
      LOG_LEVEL: 'warn',
      MAIL_OUTBOX_DIR: join(directory, 'outbox'),
      FETCH_ALLOW_PRIVATE: 'true',
      POLL_INTERVAL_SECONDS: '1',
      SECRET_KEY: 'a-secret-key-for-the-load-bench',
      ...options.env,
    };
    await prepareDatabase(env.DATABASE_URL, { migrate: true });
    const app = await createCliContext({ config: loadConfig({ ...env, LOG_LEVEL: 'silent' }), notices: [] });
    return new LoadRun(options, env, app.get(DataSource), app, redis, database.drop, directory);
  }

  /** A service of the run's own Nest context (seeding, enqueueing through the real code). */
  get<T>(type: new (...args: never[]) => T): T {
    return this.app.get(type, { strict: false });
  }

  /**
   * Starts `--workers` worker processes at once (`worker-1` …, named in their User-Agent). With
   * `profiled`, they run with BENCH_WORKER_NODE_FLAGS (say `--cpu-prof --cpu-prof-dir=DIR`): a scenario
   * restarts its workers so for the rounds it measures.
   */
  async startWorkers(options: { profiled?: boolean; env?: Record<string, string> } = {}): Promise<void> {
    const flags = options.profiled
      ? (process.env.BENCH_WORKER_NODE_FLAGS ?? '').split(' ').filter(Boolean)
      : [];
    const names = Array.from({ length: this.options.workers }, (_, index) => `worker-${index + 1}`);
    this.workers.push(
      ...(await Promise.all(
        names.map((name) => WorkerProcess.start(name, { ...this.env, ...options.env }, flags)),
      )),
    );
  }

  /** Stops the workers (their failed cycles are kept in the count). */
  async stopWorkers(): Promise<void> {
    await Promise.all(this.workers.map((worker) => worker.stop()));
    this.stoppedFailures += this.failedCycles();
    this.workers.length = 0;
  }

  /** Failed cycles logged by every worker so far. */
  failedCycles(): number {
    return (
      this.stoppedFailures + this.workers.reduce((sum, worker) => sum + worker.lines(FAILED_CYCLE).length, 0)
    );
  }

  /** Each worker's peak resident memory, as `key=value` figures. */
  workerMemory(): Record<string, number> {
    return Object.fromEntries(
      this.workers.map((worker) => [`${worker.name}_peak_mib`, worker.peakMemoryMiB()]),
    );
  }

  /**
   * Bytes the database takes (tables and indexes) and holds unused. MariaDB's figures are InnoDB's
   * statistics, brought up to date first (ANALYZE TABLE), as they otherwise lag the writes by minutes.
   */
  async databaseBytes(): Promise<{ used: number; free: number; tables: Map<string, number> }> {
    if (this.options.db === 'mysql') {
      const tables: Array<{ name: string }> = await this.dataSource.query(
        "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = DATABASE() AND table_type = 'BASE TABLE'",
      );
      for (const { name } of tables) await this.dataSource.query(`ANALYZE TABLE \`${name}\``);
    }
    const report = await this.get(DatabaseSpace).report();
    // SQLite's total is the file, free pages included; MySQL's is the tables' data and indexes alone.
    const used = report.dialect === 'sqlite' ? report.totalBytes - report.freeBytes : report.totalBytes;
    return {
      used,
      free: report.freeBytes,
      tables: new Map(report.tables.map((table) => [table.table, table.bytes])),
    };
  }

  /**
   * What retention gives back once everything written so far is older than RETENTION_DAYS: one full
   * pass of the real pruning (every batch, then SQLite's page reclaim), its clock moved past the cutoff.
   */
  async pruneAsIfExpired(): Promise<{ pruned: number; freedBytes: number }> {
    const before = await this.databaseBytes();
    const clock = this.get(Clock);
    const days = Number(this.env.RETENTION_DAYS ?? 90) + 1;
    clock.now = () => new Date(Date.now() + days * 86_400_000);
    const report = await this.get(RetentionService).prune();
    const after = await this.databaseBytes();
    const pruned = Object.values(report.pruned).reduce((sum, count) => sum + count, 0);
    return { pruned, freedBytes: before.used - after.used };
  }

  /**
   * The database's growth per 1,000 of what the scenario made (`made` feeds or emails since `before`),
   * then what retention gives back of it: the figures of issue 35's goal 8.
   */
  async growthFigures(
    before: { used: number; tables: Map<string, number> },
    made: number,
    unit: 'feeds' | 'emails',
  ): Promise<Record<string, number | string>> {
    const after = await this.databaseBytes();
    const kibPer1000 = (bytes: number) => Math.round((bytes / Math.max(1, made)) * 1000) / 1024;
    const grownTables = [...after.tables]
      .map(([table, bytes]) => [table, bytes - (before.tables.get(table) ?? 0)] as const)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 4);
    const retention = await this.pruneAsIfExpired();
    return {
      [`db_kib_per_1000_${unit}`]: kibPer1000(after.used - before.used),
      db_largest_growth_kib_per_1000: grownTables
        .map(([table, bytes]) => `${table}:${Math.round(kibPer1000(bytes))}`)
        .join(','),
      retention_pruned_rows: retention.pruned,
      retention_gives_back_kib_per_1000: kibPer1000(retention.freedBytes),
    };
  }

  /** Prints the figures, with the first lines of failed cycles (what they said) when there were any. */
  report(result: BenchResult): void {
    // BENCH_WORKER_LINES=REGEX: the workers' output lines that match, for a diagnosis.
    const shown = process.env.BENCH_WORKER_LINES ? new RegExp(process.env.BENCH_WORKER_LINES) : null;
    for (const worker of shown ? this.workers : [])
      for (const line of worker.lines(shown!)) console.log(`# ${worker.name}: ${line}`);
    for (const worker of this.workers)
      for (const line of worker.lines(FAILED_CYCLE).slice(0, 3))
        console.log(`# ${worker.name}: ${line.slice(0, 400)}`);
    reportBench(result);
  }

  async stop(): Promise<void> {
    await Promise.all(this.workers.map((worker) => worker.stop()));
    await this.app.close();
    await this.redis.stop();
    await this.dropDatabase();
    rmSync(this.directory, { recursive: true, force: true });
  }
}
