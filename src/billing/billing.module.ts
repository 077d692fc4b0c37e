import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AccountsModule } from '../accounts/accounts.module';
import { MailModule } from '../mail/mail.module';
import { SEND_GATE } from '../mail/send-gate';
import { BillingService } from './billing.service';
import { CreditAccountEntity } from './credit-account.entity';
import { CreditGate } from './credit-gate';
import { CreditPurchaseEntity } from './credit-purchase.entity';
import { LedgerEntryEntity } from './ledger-entry.entity';
import { LedgerRepository } from './ledger.repository';
import { PurchasesRepository } from './purchases.repository';
import { StripeWebhookController } from './stripe-webhook.controller';
import { StripeWebhookService } from './stripe-webhook.service';
import { StripeClient } from './stripe.client';

/** Global so that the mail outbox finds the credit gate under SEND_GATE without importing billing. */
@Global()
@Module({
  imports: [
    TypeOrmModule.forFeature([LedgerEntryEntity, CreditAccountEntity, CreditPurchaseEntity]),
    AccountsModule,
    MailModule,
  ],
  controllers: [StripeWebhookController],
  providers: [
    LedgerRepository,
    PurchasesRepository,
    StripeClient,
    BillingService,
    StripeWebhookService,
    CreditGate,
    { provide: SEND_GATE, useExisting: CreditGate },
  ],
  exports: [BillingService, SEND_GATE],
})
export class BillingModule {}
