import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CONFIG } from '../config/config.module';
import { Config } from '../config/load-config';
import { createMailTransport } from './mail-transport';
import { MAIL_TRANSPORT } from './mail.tokens';
import { OutboxEmailEntity } from './outbox-email.entity';
import { MailService } from './mail.service';
import { OutboxService } from './outbox.service';

@Module({
  imports: [TypeOrmModule.forFeature([OutboxEmailEntity])],
  providers: [
    OutboxService,
    MailService,
    {
      provide: MAIL_TRANSPORT,
      inject: [CONFIG],
      useFactory: (config: Config) => createMailTransport(config),
    },
  ],
  exports: [OutboxService, MailService],
})
export class MailModule {}
