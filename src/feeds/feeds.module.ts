import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { FeedEntity } from './feed.entity';
import { FeedsRepository } from './feeds.repository';
import { FeedsService } from './feeds.service';
import { OpmlService } from './opml.service';
import { SubscriptionEntity } from './subscription.entity';

@Module({
  imports: [TypeOrmModule.forFeature([FeedEntity, SubscriptionEntity])],
  providers: [FeedsService, FeedsRepository, OpmlService],
  exports: [FeedsService, OpmlService],
})
export class FeedsModule {}
