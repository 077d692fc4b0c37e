import { UserEntity } from '../accounts/user.entity';
import { CreditAccountEntity } from '../billing/credit-account.entity';
import { CreditPurchaseEntity } from '../billing/credit-purchase.entity';
import { LedgerEntryEntity } from '../billing/ledger-entry.entity';
import { EntryEntity } from '../entries/entry.entity';
import { FeedEntity } from '../feeds/feed.entity';
import { SubscriptionEntity } from '../feeds/subscription.entity';
import { OutboxEmailEntity } from '../mail/outbox-email.entity';

/** Every entity, registered once for the DataSource; each stays private to its own module otherwise. */
export const entities = [
  UserEntity,
  FeedEntity,
  SubscriptionEntity,
  EntryEntity,
  OutboxEmailEntity,
  LedgerEntryEntity,
  CreditAccountEntity,
  CreditPurchaseEntity,
];
