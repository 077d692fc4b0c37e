import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { FeedsModule } from '../feeds/feeds.module';
import { MailModule } from '../mail/mail.module';
import { DeliveryService } from './delivery.service';

@Module({
  imports: [AccountsModule, FeedsModule, MailModule],
  providers: [DeliveryService],
  exports: [DeliveryService],
})
export class DeliveryModule {}
