import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { FeedsModule } from '../../feeds/feeds.module';
import { FetcherModule } from '../fetcher.module';
import { HubClient } from './hub-client';
import { PingCacheService } from './ping-cache/ping-cache.service';
import { PingUrlsRepository } from './ping-cache/ping-urls.repository';
import { PingUrlEntity } from './ping-cache/ping-url.entity';
import { PingController } from './pings/ping.controller';
import { PingService } from './pings/ping.service';
import { XmlRpcController } from './pings/xml-rpc.controller';
import { PushSubscriptionsRepository } from './push-subscriptions.repository';
import { PushService } from './push.service';
import { RssCloudService } from './rsscloud/rss-cloud.service';
import { PushSubscriptionEntity } from './websub/push-subscription.entity';
import { WebSubController } from './websub/websub.controller';
import { WebSubService } from './websub/websub.service';

/** Push: WebSub, rssCloud and ping endpoints feeding the fetcher's priority lane. */
@Module({
  imports: [TypeOrmModule.forFeature([PushSubscriptionEntity, PingUrlEntity]), FeedsModule, FetcherModule],
  controllers: [WebSubController, XmlRpcController, PingController],
  providers: [
    HubClient,
    PingCacheService,
    PingUrlsRepository,
    PingService,
    WebSubService,
    RssCloudService,
    PushService,
    PushSubscriptionsRepository,
  ],
  exports: [PushService, PingService],
})
export class PushModule {}
