import { Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { Clock } from '../common/clock';
import { RecurringJob } from '../common/recurring-job';
import { OutboxService } from '../mail/outbox.service';
import { DigestService } from './digest.service';

const TICK_MS = 60_000;

/** In `serve`: every minute, the digests that are due, sent as each batch of them is composed. */
@Injectable()
export class DigestScheduler implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(DigestScheduler.name);
  private readonly job = new RecurringJob('digest-cycle', () => this.cycle(), this.logger);

  constructor(
    private readonly digests: DigestService,
    private readonly outbox: OutboxService,
    private readonly registry: SchedulerRegistry,
    private readonly clock: Clock,
  ) {}

  onApplicationBootstrap(): void {
    this.job.start(this.registry, TICK_MS);
  }

  onModuleDestroy(): Promise<void> {
    return this.job.stop();
  }

  private async cycle(): Promise<void> {
    const now = this.clock.now();
    const { result: report, flushed } = await this.outbox.flushAlong((kick) =>
      this.digests.sendDue(now, { afterBatch: kick }),
    );
    if (report.sent === 0) return;
    this.logger.log({ ...report, ...flushed }, 'digest cycle');
  }
}
