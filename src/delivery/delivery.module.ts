import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AccountsModule } from '../accounts/accounts.module';
import { ContentModule } from '../content/content.module';
import { EntriesModule } from '../entries/entries.module';
import { FeedsModule } from '../feeds/feeds.module';
import { MailModule } from '../mail/mail.module';
import { DeliveryService } from './delivery.service';
import { DigestRunEntity } from './digest-run.entity';
import { DigestRepository } from './digest.repository';
import { DigestService } from './digest.service';
import { EntryContentProvider } from './entry-content.provider';
import { InboxRhythmService } from './inbox-rhythm.service';
import { InboxBudgetDayEntity } from './inbox-budget-day.entity';
import { InboxBudgetRepository } from './inbox-budget.repository';
import { PendingDigestItemEntity } from './pending-digest-item.entity';
import { ReaderStoryEntity } from './reader-story.entity';
import { PostFateEntity } from './post-fate.entity';
import { PostFatesRepository } from './post-fates.repository';
import { DeliveryRecordService } from './delivery-record.service';
import { DeliverToService } from './deliver-to.service';
import { EntryUpdatesService } from './entry-updates.service';
import { StoryMemoryRepository } from './story-memory.repository';

@Module({
  imports: [
    TypeOrmModule.forFeature([
      PendingDigestItemEntity,
      DigestRunEntity,
      ReaderStoryEntity,
      PostFateEntity,
      InboxBudgetDayEntity,
    ]),
    AccountsModule,
    FeedsModule,
    EntriesModule,
    MailModule,
    ContentModule,
  ],
  providers: [
    DeliveryService,
    DigestService,
    DigestRepository,
    EntryContentProvider,
    StoryMemoryRepository,
    InboxBudgetRepository,
    PostFatesRepository,
    DeliveryRecordService,
    EntryUpdatesService,
    InboxRhythmService,
    DeliverToService,
  ],
  exports: [DeliveryService, DigestService, DeliveryRecordService, EntryUpdatesService, DeliverToService],
})
export class DeliveryModule {}
