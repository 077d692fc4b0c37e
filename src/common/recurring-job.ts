import { Logger } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { FailureLog } from './failure-log';

/**
 * Background work repeated every `intervalMs` in `serve`, once at start too, never two runs at once
 * (a slow run makes the next ticks pass). A failed run is logged (a run failing again and again, say
 * while the database is down, once a minute: `FailureLog`); the next tick tries again.
 */
export class RecurringJob {
  private running: Promise<void> | null = null;
  private stopped = false;
  private readonly failures: FailureLog;

  constructor(
    private readonly name: string,
    private readonly work: () => Promise<void>,
    logger: Logger,
  ) {
    this.failures = new FailureLog(name, logger);
  }

  start(registry: SchedulerRegistry, intervalMs: number): void {
    registry.addInterval(
      this.name,
      setInterval(() => this.tick(), intervalMs),
    );
    setImmediate(() => this.tick());
  }

  /** Starts no further run; resolves when the run under way, if any, has finished: for a clean stop. */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.running;
  }

  private tick(): void {
    if (this.running || this.stopped) return;
    this.running = this.work()
      .then(
        () => this.failures.succeeded(),
        (error: unknown) => this.failures.failed(error),
      )
      .finally(() => (this.running = null));
  }
}
