import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AccountsModule } from '../accounts/accounts.module';
import { DeliveryModule } from '../delivery/delivery.module';
import { FeedsModule } from '../feeds/feeds.module';
import { MailModule } from '../mail/mail.module';
import { AcknowledgementsRepository } from './acknowledgements.repository';
import { AcknowledgementsService } from './acknowledgements.service';
import { BouncesService } from './bounces.service';
import { ComplaintsService } from './complaints.service';
import { InboundMailService } from './inbound-mail.service';
import { ReplyCommandsService } from './reply-commands.service';
import { ReaderReplies } from './reader-reply';
import { RecordQuestionsService } from './record-questions.service';
import { SupportAcknowledgementEntity } from './support-acknowledgement.entity';
import { SupportInboundController } from './support-inbound.controller';
import { SupportDeskService } from './support-desk.service';
import { SupportAttachmentEntity } from './support-attachment.entity';
import { SupportMessageEntity } from './support-message.entity';
import { SupportThreadEntity } from './support-thread.entity';
import { SupportRepository } from './support.repository';
import { SupportService } from './support.service';

@Module({
  imports: [
    TypeOrmModule.forFeature([
      SupportThreadEntity,
      SupportMessageEntity,
      SupportAcknowledgementEntity,
      SupportAttachmentEntity,
    ]),
    AccountsModule,
    DeliveryModule,
    FeedsModule,
    MailModule,
  ],
  providers: [
    SupportRepository,
    AcknowledgementsRepository,
    InboundMailService,
    BouncesService,
    ComplaintsService,
    AcknowledgementsService,
    ReplyCommandsService,
    ReaderReplies,
    RecordQuestionsService,
    SupportService,
    SupportDeskService,
  ],
  controllers: [SupportInboundController],
  exports: [SupportService, SupportDeskService, InboundMailService],
})
export class SupportModule {}
