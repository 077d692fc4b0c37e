import { Injectable, Logger, Module, OnApplicationBootstrap } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { PushModule } from './push.module';
import { PushService } from './push.service';

const MAINTENANCE_INTERVAL_MS = 5 * 60_000;

/** In `serve`: WebSub renewals and rssCloud re-registrations every five minutes; never two at once. */
@Injectable()
export class PushScheduler implements OnApplicationBootstrap {
  private readonly logger = new Logger(PushScheduler.name);
  private running = false;

  constructor(
    private readonly push: PushService,
    private readonly registry: SchedulerRegistry,
  ) {}

  onApplicationBootstrap(): void {
    this.registry.addInterval(
      'push-maintenance',
      setInterval(() => this.tick(), MAINTENANCE_INTERVAL_MS),
    );
  }

  private async tick(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      const renewed = await this.push.maintain();
      if (renewed.websub || renewed.rssCloud) this.logger.log(renewed, 'push renewals');
    } catch (error) {
      this.logger.error(`push maintenance failed: ${(error as Error).message}`);
    } finally {
      this.running = false;
    }
  }
}

@Module({ imports: [PushModule], providers: [PushScheduler] })
export class PushSchedulerModule {}
