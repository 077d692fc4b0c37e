import { Module } from '@nestjs/common';
import { BillingModule } from '../billing/billing.module';
import { EntriesModule } from '../entries/entries.module';
import { FeedsModule } from '../feeds/feeds.module';
import { MailModule } from '../mail/mail.module';
import { SupportModule } from '../support/support.module';
import { MetricsController } from './metrics.controller';
import { RowGauges } from './row-gauges';

/** `GET /metrics`: what this process counted (common's `Metrics`) and gauges read from the rows. */
@Module({
  imports: [FeedsModule, EntriesModule, MailModule, BillingModule, SupportModule],
  controllers: [MetricsController],
  providers: [RowGauges],
})
export class MetricsModule {}
