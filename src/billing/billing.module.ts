import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AccountsModule } from '../accounts/accounts.module';
import { MailModule } from '../mail/mail.module';
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

/** Billing uses mail (the credit gate installs itself in the outbox), never the reverse. */
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
  ],
  exports: [BillingService],
})
export class BillingModule {}
