import { BullModule } from '@nestjs/bullmq';
import { DynamicModule, Global, Module } from '@nestjs/common';
import { Config } from '../../../config/load-config';
import { pollsFeeds, ProcessRole } from '../../../config/process-role';
import { reconnectDelay } from '../../../redis/redis-connection';
import { FetcherModule } from '../../fetcher.module';
import { LocalPushLane, PushLane } from './push-lane';
import { PushQueueProcessor } from './push-queue.processor';
import { PUSH_QUEUE, QueuedPushLane } from './queued-push-lane';

/**
 * Where push work goes (`PushLane`): without REDIS_URL (and for CLI commands) this process's lane; with
 * it, the BullMQ queue `tidings:push`, drained by every process that polls (worker, all).
 */
@Global()
@Module({})
export class PushQueueModule {
  static register(config: Config, role: ProcessRole): DynamicModule {
    if (!config.REDIS_URL || role === 'cli')
      return {
        module: PushQueueModule,
        imports: [FetcherModule],
        providers: [{ provide: PushLane, useClass: LocalPushLane }],
        exports: [PushLane],
      };
    return {
      module: PushQueueModule,
      imports: [
        FetcherModule,
        BullModule.forRoot({
          connection: { url: config.REDIS_URL, retryStrategy: reconnectDelay },
          prefix: 'tidings',
        }),
        BullModule.registerQueue({ name: PUSH_QUEUE }),
      ],
      providers: [
        QueuedPushLane,
        { provide: PushLane, useExisting: QueuedPushLane },
        ...(pollsFeeds(role) ? [PushQueueProcessor] : []),
      ],
      exports: [PushLane],
    };
  }
}
