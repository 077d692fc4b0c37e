import { DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { ScheduleModule } from '@nestjs/schedule';
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
import { DigestSchedulerModule } from './delivery/digest-scheduler.module';
import { EntriesModule } from './entries/entries.module';
import { FeedsModule } from './feeds/feeds.module';
import { FetcherModule } from './fetcher/fetcher.module';
import { PushModule } from './fetcher/push/push.module';
import { PushQueueModule } from './fetcher/push/queue/push-queue.module';
import { PushSchedulerModule } from './fetcher/push/push.scheduler';
import { SchedulerModule } from './fetcher/scheduler.module';
import { HealthController } from './health/health.controller';
import { MailModule } from './mail/mail.module';
import { MetricsModule } from './metrics/metrics.module';
import { OutboxSchedulerModule } from './mail/outbox-scheduler.module';
import { RetentionModule } from './retention/retention.module';
import { RetentionSchedulerModule } from './retention/retention.scheduler';
import { InboundSmtpModule } from './support/inbound-smtp.module';
import { SupportModule } from './support/support.module';
import { WebModule } from './web/web.module';

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
        ...(runsSchedules(role)
          ? [
              ScheduleModule.forRoot(),
              SchedulerModule,
              DigestSchedulerModule,
              OutboxSchedulerModule,
              PushSchedulerModule,
              RetentionSchedulerModule,
            ]
          : []),
        ...(servesHttp(role) ? [WebModule, InboundSmtpModule] : []),
      ],
      controllers: [HealthController],
      providers: [{ provide: APP_FILTER, useClass: AllExceptionsFilter }],
    };
  }
}
