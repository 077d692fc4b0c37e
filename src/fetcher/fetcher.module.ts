import { Module } from '@nestjs/common';
import { DeliveryModule } from '../delivery/delivery.module';
import { EntriesModule } from '../entries/entries.module';
import { FeedsModule } from '../feeds/feeds.module';
import { MailModule } from '../mail/mail.module';
import { HttpClient } from './http-client';
import { PollService } from './poll.service';

@Module({
  imports: [FeedsModule, EntriesModule, DeliveryModule, MailModule],
  providers: [PollService, HttpClient],
  exports: [PollService, HttpClient],
})
export class FetcherModule {}
