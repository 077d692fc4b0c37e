import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SafeHttpModule } from '../http/safe-http.module';
import { FeedEntity } from './feed.entity';
import { FeedsRepository } from './feeds.repository';
import { FeedsService } from './feeds.service';
import { OpmlService } from './opml.service';
import { SubscriptionChangesService } from './subscription-changes.service';
import { SubscriptionEntity } from './subscription.entity';

@Module({
  imports: [TypeOrmModule.forFeature([FeedEntity, SubscriptionEntity]), SafeHttpModule],
  providers: [FeedsService, FeedsRepository, OpmlService, SubscriptionChangesService],
  exports: [FeedsService, OpmlService, SubscriptionChangesService],
})
export class FeedsModule {}
