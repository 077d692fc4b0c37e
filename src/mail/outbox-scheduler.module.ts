import { Module } from '@nestjs/common';
import { MailModule } from './mail.module';
import { OutboxScheduler } from './outbox.scheduler';

/** Imported by the app for the `serve` role only. */
@Module({ imports: [MailModule], providers: [OutboxScheduler] })
export class OutboxSchedulerModule {}
