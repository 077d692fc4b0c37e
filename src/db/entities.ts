import { UserEntity } from '../accounts/user.entity';
import { EntryEntity } from '../entries/entry.entity';
import { FeedEntity } from '../feeds/feed.entity';
import { PingUrlEntity } from '../fetcher/push/ping-cache/ping-url.entity';
import { PushSubscriptionEntity } from '../fetcher/push/websub/push-subscription.entity';
import { SubscriptionEntity } from '../feeds/subscription.entity';
import { OutboxEmailEntity } from '../mail/outbox-email.entity';

/** Every entity, registered once for the DataSource; each stays private to its own module otherwise. */
export const entities = [
  UserEntity,
  FeedEntity,
  SubscriptionEntity,
  EntryEntity,
  OutboxEmailEntity,
  PushSubscriptionEntity,
  PingUrlEntity,
];
