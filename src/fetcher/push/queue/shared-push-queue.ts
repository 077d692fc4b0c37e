import { BullModule } from '@nestjs/bullmq';
import { DynamicModule } from '@nestjs/common';
import { pollsFeeds, ProcessRole } from '../../../config/process-role';
import { reconnectDelay } from '../../../redis/redis-connection';
import { FetcherModule } from '../../fetcher.module';
import { PushLane } from './push-lane';
import { PushQueueProcessor } from './push-queue.processor';
import { PUSH_QUEUE, QueuedPushLane } from './queued-push-lane';

/**
 * `PushQueueModule` with REDIS_URL: the BullMQ queue `tidings:push` behind `PushLane`, and its worker in
 * the processes that poll (worker, all).
 */
export function sharedPushQueue(
  redisUrl: string,
  role: ProcessRole,
): Pick<DynamicModule, 'imports' | 'providers'> {
  return {
    imports: [
      FetcherModule,
      BullModule.forRoot({ connection: { url: redisUrl, retryStrategy: reconnectDelay }, prefix: 'tidings' }),
      BullModule.registerQueue({ name: PUSH_QUEUE }),
    ],
    providers: [
      QueuedPushLane,
      { provide: PushLane, useExisting: QueuedPushLane },
      ...(pollsFeeds(role) ? [PushQueueProcessor] : []),
    ],
  };
}
