import { Module } from '@nestjs/common';
import { ContentModule } from '../content/content.module';
import { DeliveryModule } from '../delivery/delivery.module';
import { EntriesModule } from '../entries/entries.module';
import { MailModule } from '../mail/mail.module';
import { SupportModule } from '../support/support.module';
import { RetentionService } from './retention.service';

/** Pruning old data in every module that keeps some (see `RetentionService`); in every role. */
@Module({
  imports: [EntriesModule, ContentModule, MailModule, DeliveryModule, SupportModule],
  providers: [RetentionService],
  exports: [RetentionService],
})
export class RetentionModule {}
