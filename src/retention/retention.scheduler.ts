import { Injectable, Logger, Module, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { RecurringJob } from '../common/recurring-job';
import { RetentionModule } from './retention.module';
import { RetentionService } from './retention.service';

const RETENTION_INTERVAL_MS = 60 * 60_000;

/** In `serve`: a retention pass at start and every hour (each pass only prunes what aged since the last). */
@Injectable()
export class RetentionScheduler implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly job: RecurringJob;

  constructor(
    retention: RetentionService,
    private readonly registry: SchedulerRegistry,
  ) {
    this.job = new RecurringJob(
      'retention',
      async () => void (await retention.prune()),
      new Logger(RetentionScheduler.name),
    );
  }

  onApplicationBootstrap(): void {
    this.job.start(this.registry, RETENTION_INTERVAL_MS);
  }

  onModuleDestroy(): Promise<void> {
    return this.job.stop();
  }
}

@Module({ imports: [RetentionModule], providers: [RetentionScheduler] })
export class RetentionSchedulerModule {}
