import { InitialSchema1763769600000 } from './1763769600000-initial-schema';
import { FetcherState1763769610000 } from './1763769610000-fetcher-state';
import { MailDelivery1763769620000 } from './1763769620000-mail-delivery';
import { BillingLedger1763769630000 } from './1763769630000-billing-ledger';
import { DeliveryDigests1763769640000 } from './1763769640000-delivery-digests';
import { WebSignInAndSessions1763769650000 } from './1763769650000-web-sign-in-and-sessions';
import { SupportThreads1763769660000 } from './1763769660000-support-threads';
import { OutboxSoftBounces1763769660002 } from './1763769660002-outbox-soft-bounces';
import { Push1763769670000 } from './1763769670000-push';
import { ExtractedArticles1763769680000 } from './1763769680000-extracted-articles';
import { EntryDeliveryPlanned1763769690000 } from './1763769690000-entry-delivery-planned';
import { MailComplaints1763769719000 } from './1763769719000-mail-complaints';
import { SubscriptionPause1763769722000 } from './1763769722000-subscription-pause';
import { ReaderStories1763769722010 } from './1763769722010-reader-stories';
import { FeedMoves1763769722020 } from './1763769722020-feed-moves';
import { ExtractedArticleVersions1763769816000 } from './1763769816000-extracted-article-versions';
import { PollClaims1763769817000 } from './1763769817000-poll-claims';
import { ClaimOwners1763769818000 } from './1763769818000-claim-owners';
import { Retention1763769818001 } from './1763769818001-retention';
import { CheckoutPurchases1763769823000 } from './1763769823000-checkout-purchases';
import { SupportSenderDiffers1763769823001 } from './1763769823001-support-sender-differs';
import { DeliveryIndexes1763769831000 } from './1763769831000-delivery-indexes';
import { SupportEnvelopeSender1763769833000 } from './1763769833000-support-envelope-sender';
import { SupportAttachments1763769833001 } from './1763769833001-support-attachments';
import { SupportTeam1763769833002 } from './1763769833002-support-team';
import { SubscriptionSubjectTags1764300200000 } from './1764300200000-subscription-subject-tags';
import { FeedLogins1764300200010 } from './1764300200010-feed-logins';
import { SubscriptionDeliverTo1764300400000 } from './1764300400000-subscription-deliver-to';
import { DeliverToLinkSentAt1764300700000 } from './1764300700000-deliver-to-link-sent-at';
import { SubscriptionOnUpdate1764300100000 } from './1764300100000-subscription-on-update';
import { PostFates1764300100001 } from './1764300100001-post-fates';
import { EntryRemoved1764300100002 } from './1764300100002-entry-removed';
import { ReaderRhythm1764300000000 } from './1764300000000-reader-rhythm';
import { InboxBudgetDays1764302000000 } from './1764302000000-inbox-budget-days';
import { OutboxDeferredSince1764303000000 } from './1764303000000-outbox-deferred-since';

/** Every migration, oldest first. Add new ones at the end; never edit one that has shipped. */
export const migrations = [
  InitialSchema1763769600000,
  FetcherState1763769610000,
  MailDelivery1763769620000,
  BillingLedger1763769630000,
  DeliveryDigests1763769640000,
  WebSignInAndSessions1763769650000,
  SupportThreads1763769660000,
  OutboxSoftBounces1763769660002,
  Push1763769670000,
  ExtractedArticles1763769680000,
  EntryDeliveryPlanned1763769690000,
  MailComplaints1763769719000,
  SubscriptionPause1763769722000,
  ReaderStories1763769722010,
  FeedMoves1763769722020,
  ExtractedArticleVersions1763769816000,
  PollClaims1763769817000,
  ClaimOwners1763769818000,
  Retention1763769818001,
  CheckoutPurchases1763769823000,
  SupportSenderDiffers1763769823001,
  DeliveryIndexes1763769831000,
  SupportEnvelopeSender1763769833000,
  SupportAttachments1763769833001,
  SupportTeam1763769833002,
  SubscriptionOnUpdate1764300100000,
  PostFates1764300100001,
  EntryRemoved1764300100002,
  SubscriptionSubjectTags1764300200000,
  FeedLogins1764300200010,
  ReaderRhythm1764300000000,
  SubscriptionDeliverTo1764300400000,
  DeliverToLinkSentAt1764300700000,
  InboxBudgetDays1764302000000,
  OutboxDeferredSince1764303000000,
];
