import { DynamicModule, Module, Type } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { AccountsModule } from './accounts/accounts.module';
import { BillingModule } from './billing/billing.module';
import { AllExceptionsFilter } from './common/all-exceptions.filter';
import { CommonModule } from './common/common.module';
import { loggingModule } from './common/logging';
import { ConfigModule } from './config/config.module';
import { Config } from './config/load-config';
import { ProcessRole, runsSchedules, servesHttp } from './config/process-role';
import { DbModule } from './db/db.module';
import { RedisModule } from './redis/redis.module';
import { DeliveryModule } from './delivery/delivery.module';
import { EntriesModule } from './entries/entries.module';
import { FeedsModule } from './feeds/feeds.module';
import { FetcherModule } from './fetcher/fetcher.module';
import { PushModule } from './fetcher/push/push.module';
import { PushQueueModule } from './fetcher/push/queue/push-queue.module';
import { HealthController } from './health/health.controller';
import { MailModule } from './mail/mail.module';
import { MetricsModule } from './metrics/metrics.module';
import { RetentionModule } from './retention/retention.module';
import { SupportModule } from './support/support.module';

export interface AppOptions {
  config: Config;
  /** `serve --role`: web adds the dashboard and the inbound listener, worker the schedulers, all both. */
  role: ProcessRole;
}

@Module({})
export class AppModule {
  static register({ config, role }: AppOptions): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config, role),
        loggingModule(config, role === 'cli' ? 2 : 1),
        CommonModule,
        DbModule,
        RedisModule,
        AccountsModule,
        FeedsModule,
        EntriesModule,
        MailModule,
        BillingModule,
        DeliveryModule,
        FetcherModule,
        SupportModule,
        PushQueueModule.register(config, role),
        PushModule,
        MetricsModule,
        RetentionModule,
        ...(runsSchedules(role) ? schedulerModules() : []),
        ...(servesHttp(role) ? httpModules() : []),
      ],
      controllers: [HealthController],
      providers: [{ provide: APP_FILTER, useClass: AllExceptionsFilter }],
    };
  }
}

// Required only by the roles that run them: a CLI command (a process per command, often run by scripts)
// starts without loading cron, the dashboard, multer or smtp-server.
function schedulerModules(): Array<Type | DynamicModule> {
  const { ScheduleModule } = require('@nestjs/schedule') as typeof import('@nestjs/schedule');
  return [
    ScheduleModule.forRoot(),
    (require('./fetcher/scheduler.module') as typeof import('./fetcher/scheduler.module')).SchedulerModule,
    (require('./delivery/digest-scheduler.module') as typeof import('./delivery/digest-scheduler.module'))
      .DigestSchedulerModule,
    (require('./mail/outbox-scheduler.module') as typeof import('./mail/outbox-scheduler.module'))
      .OutboxSchedulerModule,
    (require('./fetcher/push/push.scheduler') as typeof import('./fetcher/push/push.scheduler'))
      .PushSchedulerModule,
    (require('./retention/retention.scheduler') as typeof import('./retention/retention.scheduler'))
      .RetentionSchedulerModule,
  ];
}

function httpModules(): Array<Type | DynamicModule> {
  return [
    (require('./web/web.module') as typeof import('./web/web.module')).WebModule,
    (require('./support/inbound-smtp.module') as typeof import('./support/inbound-smtp.module'))
      .InboundSmtpModule,
  ];
}
