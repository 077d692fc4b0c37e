import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { RecurringJob } from '../common/recurring-job';
import { CONFIG } from '../config/config.module';
import { Config } from '../config/load-config';
import { OutboxService } from '../mail/outbox.service';
import { PollService } from './poll.service';

/** In `serve`: a poll cycle, then an outbox flush, every POLL_INTERVAL_SECONDS. */
@Injectable()
export class PollScheduler implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(PollScheduler.name);
  private readonly job = new RecurringJob('poll-cycle', () => this.cycle(), this.logger);

  constructor(
    private readonly poll: PollService,
    private readonly outbox: OutboxService,
    private readonly registry: SchedulerRegistry,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  onApplicationBootstrap(): void {
    this.job.start(this.registry, this.config.POLL_INTERVAL_SECONDS * 1000);
  }

  onModuleDestroy(): Promise<void> {
    return this.job.stop();
  }

  private async cycle(): Promise<void> {
    const report = await this.poll.pollDue();
    const flushed = await this.outbox.flush();
    if (report.polled || report.failed || flushed.sent)
      this.logger.log({ ...report, ...flushed }, 'poll cycle');
  }
}
