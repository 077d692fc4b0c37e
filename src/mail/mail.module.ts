import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CONFIG } from '../config/config.module';
import { Config } from '../config/load-config';
import { FeedsModule } from '../feeds/feeds.module';
import { ComplaintRecorder } from './complaint-recorder';
import { ComplaintRepository } from './complaint.repository';
import { DeliveryPacer } from './delivery-pacer';
import { EmailComposer } from './email-composer';
import { EmailTemplates } from './email-templates';
import { MailComplaintEntity } from './mail-complaint.entity';
import { MailSuppressionEntity } from './mail-suppression.entity';
import { createMailTransport } from './mail-transport';
import { MAIL_TRANSPORT } from './mail.tokens';
import { MailService } from './mail.service';
import { OutboxEmailEntity } from './outbox-email.entity';
import { OutboxOverviewRepository } from './outbox-overview.repository';
import { OutboxRepository } from './outbox.repository';
import { OutboxSender } from './outbox-sender';
import { OutboxService } from './outbox.service';
import { SuppressionsRepository } from './suppressions.repository';
import { UnsubscribeController } from './unsubscribe.controller';
import { UnsubscribeService } from './unsubscribe.service';

@Module({
  imports: [
    TypeOrmModule.forFeature([OutboxEmailEntity, MailSuppressionEntity, MailComplaintEntity]),
    FeedsModule,
  ],
  controllers: [UnsubscribeController],
  providers: [
    OutboxService,
    OutboxSender,
    OutboxRepository,
    OutboxOverviewRepository,
    MailService,
    EmailComposer,
    SuppressionsRepository,
    UnsubscribeService,
    ComplaintRepository,
    DeliveryPacer,
    ComplaintRecorder,
    { provide: EmailTemplates, useFactory: () => new EmailTemplates() },
    {
      provide: MAIL_TRANSPORT,
      inject: [CONFIG],
      useFactory: (config: Config) => createMailTransport(config),
    },
  ],
  exports: [OutboxService, MailService, UnsubscribeService],
})
export class MailModule {}
