import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CONFIG } from '../config/config.module';
import { Config } from '../config/load-config';
import { createMailTransport } from './mail-transport';
import { MAIL_TRANSPORT } from './mail.tokens';
import { OutboxEmailEntity } from './outbox-email.entity';
import { MailService } from './mail.service';
import { OutboxService } from './outbox.service';
import { MailSuppressionEntity } from './mail-suppression.entity';
import { SuppressionsService } from './suppressions.service';

@Module({
  imports: [TypeOrmModule.forFeature([OutboxEmailEntity, MailSuppressionEntity])],
  providers: [
    OutboxService,
    MailService,
    SuppressionsService,
    {
      provide: MAIL_TRANSPORT,
      inject: [CONFIG],
      useFactory: (config: Config) => createMailTransport(config),
    },
  ],
  exports: [OutboxService, MailService, SuppressionsService],
})
export class MailModule {}
