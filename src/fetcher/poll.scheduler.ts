import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { CONFIG } from '../config/config.module';
import { Config } from '../config/load-config';
import { OutboxService } from '../mail/outbox.service';
import { PollService } from './poll.service';

/** In `serve`: a poll cycle, then an outbox flush, every POLL_INTERVAL_SECONDS; never two at once. */
@Injectable()
export class PollScheduler implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(PollScheduler.name);
  private running: Promise<void> | null = null;

  constructor(
    private readonly poll: PollService,
    private readonly outbox: OutboxService,
    private readonly registry: SchedulerRegistry,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  onApplicationBootstrap(): void {
    const timer = setInterval(() => this.tick(), this.config.POLL_INTERVAL_SECONDS * 1000);
    this.registry.addInterval('poll-cycle', timer);
    setImmediate(() => this.tick());
  }

  async onModuleDestroy(): Promise<void> {
    await this.running;
  }

  private tick(): void {
    if (this.running) return;
    this.running = this.cycle().finally(() => (this.running = null));
  }

  private async cycle(): Promise<void> {
    try {
      const report = await this.poll.pollDue();
      const flushed = await this.outbox.flush();
      if (report.polled || report.failed || flushed.sent)
        this.logger.log({ ...report, ...flushed }, 'poll cycle');
    } catch (error) {
      this.logger.error(`poll cycle failed: ${(error as Error).message}`);
    }
  }
}
