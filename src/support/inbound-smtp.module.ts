import { Module } from '@nestjs/common';
import { InboundSmtpListener } from './inbound-smtp.listener';
import { SupportModule } from './support.module';

/** The SMTP listener, imported by the `serve` role only. */
@Module({ imports: [SupportModule], providers: [InboundSmtpListener] })
export class InboundSmtpModule {}
