import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { DeliveryMode } from './domain/delivery-modes';

export type { DeliveryMode } from './domain/delivery-modes';

/** When a post already sent is edited: nothing (`ignore`), or one short "Updated" email (`tell`). */
export type OnUpdate = 'ignore' | 'tell';

@Entity('subscriptions')
export class SubscriptionEntity {
  @PrimaryColumn({ type: 'varchar', length: 26 })
  id!: string;

  @Column({ name: 'user_id', type: 'varchar', length: 26 })
  userId!: string;

  @Column({ name: 'feed_id', type: 'varchar', length: 26 })
  feedId!: string;

  @Column({ type: 'varchar', length: 16 })
  mode!: DeliveryMode;

  /** Monthly digests only: the day they go out, 1–31 (the month's last day when it is shorter). */
  @Column({ name: 'day_of_month', type: 'integer', nullable: true })
  dayOfMonth!: number | null;

  @Column({ name: 'full_text', type: 'boolean' })
  fullText!: boolean;

  @Column({ name: 'keep_recent', type: 'integer', nullable: true })
  keepRecent!: number | null;

  @Column({ name: 'keep_random', type: 'integer', nullable: true })
  keepRandom!: number | null;

  @Column({ name: 'include_words', type: 'simple-json', nullable: true })
  includeWords!: string[] | null;

  @Column({ name: 'exclude_words', type: 'simple-json', nullable: true })
  excludeWords!: string[] | null;

  /** Only entries whose title or text match (case-insensitive); validated against slow patterns. */
  @Column({ name: 'filter_regex', type: 'varchar', length: 500, nullable: true })
  filterRegex!: string | null;

  /** Opens the subject of this feed's emails as `[tag] …` (null: no tag). */
  @Column({ name: 'subject_tag', type: 'varchar', length: 30, nullable: true })
  subjectTag!: string | null;

  /** Another address of the reader for this feed's emails, used once confirmed (null: the account's). */
  @Column({ name: 'deliver_to', type: 'varchar', length: 320, nullable: true })
  deliverTo!: string | null;

  /** SHA-256 of the token in the link sent to `deliverTo`; null once confirmed. */
  @Column({ name: 'deliver_to_token_hash', type: 'varchar', length: 64, nullable: true })
  deliverToTokenHash!: string | null;

  @Column({ name: 'deliver_to_confirmed_at', type: 'datetime', nullable: true })
  deliverToConfirmedAt!: Date | null;

  /** When the link with `deliverToTokenHash` was sent (it works for `DELIVER_TO_LINK_DAYS`). */
  @Column({ name: 'deliver_to_link_sent_at', type: 'datetime', nullable: true })
  deliverToLinkSentAt!: Date | null;

  @Column({ name: 'on_update', type: 'varchar', length: 8, default: 'ignore' })
  onUpdate!: OnUpdate;

  /** Since when nothing is delivered for it (null: active). What is published meanwhile is skipped. */
  @Column({ name: 'paused_at', type: 'datetime', nullable: true })
  pausedAt!: Date | null;

  @Column({ name: 'created_at', type: 'datetime' })
  createdAt!: Date;
}
