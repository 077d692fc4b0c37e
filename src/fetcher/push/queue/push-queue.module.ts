import { DynamicModule, Global, Module } from '@nestjs/common';
import { Config } from '../../../config/load-config';
import { ProcessRole } from '../../../config/process-role';
import { FetcherModule } from '../../fetcher.module';
import { LocalPushLane, PushLane } from './push-lane';

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
    // Required only here: a process without the shared queue (every CLI command) starts without loading
    // @nestjs/bullmq, BullMQ and the queue's classes (a sixth of a CLI command's start-up).
    const { sharedPushQueue } = require('./shared-push-queue') as typeof import('./shared-push-queue');
    return { module: PushQueueModule, ...sharedPushQueue(config.REDIS_URL, role), exports: [PushLane] };
  }
}
