import { Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { Clock } from '../common/clock';
import { OutboxService } from './outbox.service';

/** How often the earliest due email is looked up again (retries set by other flushes, new mail). */
const LOOK_AGAIN_MS = 15_000;

/**
 * In `serve`: flushes as soon as the earliest pending email is due (a retry's back-off, the end of a
 * domain's hold, a throttled email's turn) rather than at the next poll cycle, looking again at
 * least every 15 seconds. The poll and digest cycles still flush the mail they make at once.
 */
@Injectable()
export class OutboxScheduler implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(OutboxScheduler.name);
  private readonly stopping = new AbortController();
  private running: Promise<void> | null = null;

  constructor(
    private readonly outbox: OutboxService,
    private readonly clock: Clock,
  ) {}

  onApplicationBootstrap(): void {
    this.running = this.run();
  }

  async onModuleDestroy(): Promise<void> {
    this.stopping.abort();
    await this.running;
  }

  private async run(): Promise<void> {
    while (!this.stopping.signal.aborted) {
      const now = this.clock.now();
      let wakeAt = new Date(now.getTime() + LOOK_AGAIN_MS);
      try {
        const due = await this.outbox.nextDue();
        if (due && due <= now) {
          const flushed = await this.outbox.flush();
          if (flushed.sent || flushed.failed || flushed.retrying) this.logger.log(flushed, 'outbox flush');
          continue;
        }
        if (due && due < wakeAt) wakeAt = due;
      } catch (error) {
        this.logger.error(`outbox flush failed: ${(error as Error).message}`);
      }
      await this.clock.sleepUntil(wakeAt, this.stopping.signal);
    }
  }
}
