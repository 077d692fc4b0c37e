import { Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { Clock } from '../common/clock';
import { OutboxService } from '../mail/outbox.service';
import { DigestService } from './digest.service';

const TICK_MS = 60_000;

/** In `serve`: every minute, the digests that are due, then an outbox flush; never two ticks at once. */
@Injectable()
export class DigestScheduler implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(DigestScheduler.name);
  private running: Promise<void> | null = null;

  constructor(
    private readonly digests: DigestService,
    private readonly outbox: OutboxService,
    private readonly registry: SchedulerRegistry,
    private readonly clock: Clock,
  ) {}

  onApplicationBootstrap(): void {
    this.registry.addInterval(
      'digest-cycle',
      setInterval(() => this.tick(), TICK_MS),
    );
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
      const report = await this.digests.sendDue(this.clock.now());
      if (report.sent === 0) return;
      const flushed = await this.outbox.flush();
      this.logger.log({ ...report, ...flushed }, 'digest cycle');
    } catch (error) {
      this.logger.error(`digest cycle failed: ${(error as Error).message}`);
    }
  }
}
