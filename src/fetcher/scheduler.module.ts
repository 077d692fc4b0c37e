import { Module } from '@nestjs/common';
import { MailModule } from '../mail/mail.module';
import { FetcherModule } from './fetcher.module';
import { PollScheduler } from './poll.scheduler';

@Module({ imports: [FetcherModule, MailModule], providers: [PollScheduler] })
export class SchedulerModule {}
