import { Module } from '@nestjs/common';
import { MailModule } from '../mail/mail.module';
import { DeliveryModule } from './delivery.module';
import { DigestScheduler } from './digest.scheduler';

/** Imported by the app for the `serve` role only. */
@Module({ imports: [DeliveryModule, MailModule], providers: [DigestScheduler] })
export class DigestSchedulerModule {}
