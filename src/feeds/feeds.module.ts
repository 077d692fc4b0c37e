import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SafeHttpModule } from '../http/safe-http.module';
import { CredentialCipher } from './credential-cipher';
import { FeedEntity } from './feed.entity';
import { FeedFinder } from './feed-finder.service';
import { FeedsRepository } from './feeds.repository';
import { FeedsService } from './feeds.service';
import { OpmlService } from './opml.service';
import { SubscriptionChangesService } from './subscription-changes.service';
import { SubscriptionEntity } from './subscription.entity';

@Module({
  imports: [TypeOrmModule.forFeature([FeedEntity, SubscriptionEntity]), SafeHttpModule],
  providers: [
    CredentialCipher,
    FeedsService,
    FeedsRepository,
    OpmlService,
    SubscriptionChangesService,
    FeedFinder,
  ],
  exports: [FeedsService, OpmlService, SubscriptionChangesService, FeedFinder],
})
export class FeedsModule {}
