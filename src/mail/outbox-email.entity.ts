import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * `held`: waiting for the user's credits (see SendGate); released after a purchase.
 * `suppressed`: its address failed hard before; kept, and requeued if the suppression is lifted.
 */
export type OutboxStatus = 'pending' | 'sending' | 'sent' | 'failed' | 'held' | 'suppressed';

/** One email, rendered in full when enqueued, so that sending is only transport and can be retried. */
@Entity('outbox_emails')
export class OutboxEmailEntity {
  @PrimaryColumn({ type: 'varchar', length: 26 })
  id!: string;

  /** One per logical email (user + entry, user + digest issue): enqueueing twice stores once. */
  @Column({ name: 'dedup_key', type: 'varchar', length: 191 })
  dedupKey!: string;

  @Column({ name: 'user_id', type: 'varchar', length: 26, nullable: true })
  userId!: string | null;

  @Column({ type: 'varchar', length: 32 })
  kind!: string;

  @Column({ name: 'to_address', type: 'varchar', length: 320 })
  toAddress!: string;

  @Column({ name: 'from_address', type: 'varchar', length: 500 })
  fromAddress!: string;

  @Column({ type: 'text' })
  subject!: string;

  @Column({ type: 'text' })
  html!: string;

  @Column({ type: 'text' })
  text!: string;

  @Column({ type: 'simple-json' })
  headers!: Record<string, string>;

  /** The SMTP envelope sender: a VERP bounce address whose token names this row. */
  @Column({ name: 'envelope_from', type: 'varchar', length: 320, nullable: true })
  envelopeFrom!: string | null;

  @Column({ name: 'reply_to', type: 'varchar', length: 320, nullable: true })
  replyTo!: string | null;

  /** The subscriptions the email belongs to: what its List-Unsubscribe link ends and a reply command acts on. */
  @Column({ name: 'subscription_ids', type: 'simple-json', nullable: true })
  subscriptionIds!: string[] | null;

  /** Set by the claim that leased this row, so that one UPDATE can claim a whole batch. */
  @Column({ name: 'claim_token', type: 'varchar', length: 26, nullable: true })
  claimToken!: string | null;

  /** The process holding the claim (`ClaimLeases.owner`), whose heartbeat renews `lease_until`. */
  @Column({ name: 'claimed_by', type: 'varchar', length: 100, nullable: true })
  claimedBy!: string | null;

  @Column({ name: 'message_id', type: 'varchar', length: 255 })
  messageId!: string;

  @Column({ type: 'varchar', length: 16 })
  status!: OutboxStatus;

  /** Credits this email costs when sent (see billing); 0 for service mail such as sign-in links. */
  @Column({ type: 'integer' })
  cost!: number;

  @Column({ type: 'integer' })
  attempts!: number;

  @Column({ name: 'next_attempt_at', type: 'datetime' })
  nextAttemptAt!: Date;

  @Column({ name: 'lease_until', type: 'datetime', nullable: true })
  leaseUntil!: Date | null;

  @Column({ name: 'last_error', type: 'text', nullable: true })
  lastError!: string | null;

  @Column({ name: 'created_at', type: 'datetime' })
  createdAt!: Date;

  @Column({ name: 'sent_at', type: 'datetime', nullable: true })
  sentAt!: Date | null;

  /** When the provider first deferred it (a 4xx, a lost connection, its domain's hold); null if never. */
  @Column({ name: 'deferred_since', type: 'datetime', nullable: true })
  deferredSince!: Date | null;

  /** Temporary delivery failures reported after sending (DSNs with 4.x.x or `Action: delayed`). */
  @Column({ name: 'soft_bounces', type: 'integer', default: 0 })
  softBounces!: number;
}
