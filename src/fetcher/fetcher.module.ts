import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AccountsModule } from '../accounts/accounts.module';
import { DeliveryModule } from '../delivery/delivery.module';
import { EntriesModule } from '../entries/entries.module';
import { FeedsModule } from '../feeds/feeds.module';
import { MailModule } from '../mail/mail.module';
import { BodyIngester } from './body-ingester';
import { FeedNotices } from './feed-notices';
import { FeedPoller } from './feed-poller';
import { GatedPoll } from './gated-poll';
import { HostGate } from './host-gate';
import { HostHoldEntity } from './host-hold.entity';
import { HostHoldsRepository } from './host-holds.repository';
import { InterruptedDeliveries } from './interrupted-deliveries';
import { PingedFeedMarks } from './pinged-feed-marks';
import { PollClaims } from './poll-claims';
import { PollStateRepository } from './poll-state.repository';
import { PollService } from './poll.service';
import { SafeHttpModule } from '../http/safe-http.module';

@Module({
  imports: [
    TypeOrmModule.forFeature([HostHoldEntity]),
    FeedsModule,
    EntriesModule,
    DeliveryModule,
    MailModule,
    AccountsModule,
    SafeHttpModule,
  ],
  providers: [
    PollService,
    GatedPoll,
    FeedPoller,
    BodyIngester,
    FeedNotices,
    InterruptedDeliveries,
    PollStateRepository,
    PollClaims,
    HostGate,
    HostHoldsRepository,
    PingedFeedMarks,
  ],
  exports: [PollService, PingedFeedMarks, SafeHttpModule],
})
export class FetcherModule {}
