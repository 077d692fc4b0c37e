import { SessionEntity } from '../accounts/session.entity';
import { SignInTokenEntity } from '../accounts/sign-in-token.entity';
import { UserEntity } from '../accounts/user.entity';
import { ExtractedArticleEntity } from '../content/extracted-article.entity';
import { DigestRunEntity } from '../delivery/digest-run.entity';
import { InboxBudgetDayEntity } from '../delivery/inbox-budget-day.entity';
import { PendingDigestItemEntity } from '../delivery/pending-digest-item.entity';
import { ReaderStoryEntity } from '../delivery/reader-story.entity';
import { PostFateEntity } from '../delivery/post-fate.entity';
import { CreditAccountEntity } from '../billing/credit-account.entity';
import { CreditPurchaseEntity } from '../billing/credit-purchase.entity';
import { LedgerEntryEntity } from '../billing/ledger-entry.entity';
import { EntryEntity } from '../entries/entry.entity';
import { FeedEntity } from '../feeds/feed.entity';
import { PingUrlEntity } from '../fetcher/push/ping-cache/ping-url.entity';
import { PushSubscriptionEntity } from '../fetcher/push/websub/push-subscription.entity';
import { SubscriptionEntity } from '../feeds/subscription.entity';
import { HostHoldEntity } from '../fetcher/host-hold.entity';
import { MailComplaintEntity } from '../mail/mail-complaint.entity';
import { MailSuppressionEntity } from '../mail/mail-suppression.entity';
import { OutboxEmailEntity } from '../mail/outbox-email.entity';
import { SupportAcknowledgementEntity } from '../support/support-acknowledgement.entity';
import { SupportAttachmentEntity } from '../support/support-attachment.entity';
import { SupportMessageEntity } from '../support/support-message.entity';
import { SupportThreadEntity } from '../support/support-thread.entity';

/** Every entity, registered once for the DataSource; each stays private to its own module otherwise. */
export const entities = [
  ExtractedArticleEntity,
  UserEntity,
  FeedEntity,
  SubscriptionEntity,
  EntryEntity,
  OutboxEmailEntity,
  SignInTokenEntity,
  SessionEntity,
  DigestRunEntity,
  PendingDigestItemEntity,
  ReaderStoryEntity,
  PostFateEntity,
  InboxBudgetDayEntity,
  LedgerEntryEntity,
  CreditAccountEntity,
  CreditPurchaseEntity,
  HostHoldEntity,
  SupportThreadEntity,
  SupportMessageEntity,
  SupportAcknowledgementEntity,
  SupportAttachmentEntity,
  MailSuppressionEntity,
  MailComplaintEntity,
  PushSubscriptionEntity,
  PingUrlEntity,
];
