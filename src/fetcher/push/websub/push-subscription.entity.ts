import { Column, Entity, PrimaryColumn } from 'typeorm';
import { PendingMode } from '../domain/websub-intent';

export type PushKind = 'websub' | 'rsscloud';

/** A feed's subscription at a WebSub hub or an rssCloud server: one of each kind per feed at most. */
@Entity('push_subscriptions')
export class PushSubscriptionEntity {
  @PrimaryColumn({ type: 'varchar', length: 26 })
  id!: string;

  @Column({ name: 'feed_id', type: 'varchar', length: 26 })
  feedId!: string;

  @Column({ type: 'varchar', length: 16 })
  kind!: PushKind;

  /** The WebSub hub, or the rssCloud server's registration URL. */
  @Column({ name: 'hub_url', type: 'text' })
  hubUrl!: string;

  /** The WebSub topic (the feed's self URL) or the feed URL registered with rssCloud. */
  @Column({ type: 'text' })
  topic!: string;

  /** The unguessable last segment of our callback URL. */
  @Column({ name: 'callback_id', type: 'varchar', length: 64 })
  callbackId!: string;

  /** The hub.secret we gave (WebSub); deliveries must be signed with it. */
  @Column({ type: 'varchar', length: 128, nullable: true })
  secret!: string | null;

  @Column({ name: 'pending_mode', type: 'varchar', length: 16, nullable: true })
  pendingMode!: PendingMode;

  @Column({ name: 'lease_seconds', type: 'integer' })
  leaseSeconds!: number;

  @Column({ name: 'active_until', type: 'datetime', nullable: true })
  activeUntil!: Date | null;

  @Column({ name: 'requested_at', type: 'datetime' })
  requestedAt!: Date;

  @Column({ name: 'created_at', type: 'datetime' })
  createdAt!: Date;
}
