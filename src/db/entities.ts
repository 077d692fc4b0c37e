import { UserEntity } from '../accounts/user.entity';
import { EntryEntity } from '../entries/entry.entity';
import { FeedEntity } from '../feeds/feed.entity';
import { SubscriptionEntity } from '../feeds/subscription.entity';
import { MailSuppressionEntity } from '../mail/mail-suppression.entity';
import { OutboxEmailEntity } from '../mail/outbox-email.entity';

/** Every entity, registered once for the DataSource; each stays private to its own module otherwise. */
export const entities = [
  UserEntity,
  FeedEntity,
  SubscriptionEntity,
  EntryEntity,
  OutboxEmailEntity,
  MailSuppressionEntity,
];
