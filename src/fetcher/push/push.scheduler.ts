import { Injectable, Logger, Module, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { RecurringJob } from '../../common/recurring-job';
import { PushModule } from './push.module';
import { PushService } from './push.service';

const MAINTENANCE_INTERVAL_MS = 5 * 60_000;

/** In `serve`: WebSub renewals and rssCloud re-registrations every five minutes. */
@Injectable()
export class PushScheduler implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(PushScheduler.name);
  private readonly job = new RecurringJob('push-maintenance', () => this.maintain(), this.logger);

  constructor(
    private readonly push: PushService,
    private readonly registry: SchedulerRegistry,
  ) {}

  onApplicationBootstrap(): void {
    this.job.start(this.registry, MAINTENANCE_INTERVAL_MS);
  }

  onModuleDestroy(): Promise<void> {
    return this.job.stop();
  }

  private async maintain(): Promise<void> {
    const renewed = await this.push.maintain();
    if (renewed.websub || renewed.rssCloud) this.logger.log(renewed, 'push renewals');
  }
}

@Module({ imports: [PushModule], providers: [PushScheduler] })
export class PushSchedulerModule {}
