import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { FilterRule } from './domain/filter-entries';
import type { FateKind } from './domain/post-fate';

/**
 * What the delivery planner decided for one post and one reader, written when it decided (the reader's
 * delivery record): left out by a filter (which rule), a repeat of another feed's post, skipped while
 * paused, emailed (`email_key` names the outbox email), or waiting for a digest (`email_key` once the
 * issue is sent). What became of an email afterwards is read from the outbox, never copied here.
 */
@Entity('post_fates')
export class PostFateEntity {
  @PrimaryColumn({ name: 'entry_id', type: 'varchar', length: 26 })
  entryId!: string;

  @PrimaryColumn({ name: 'user_id', type: 'varchar', length: 26 })
  userId!: string;

  @Column({ name: 'feed_id', type: 'varchar', length: 26 })
  feedId!: string;

  @Column({ name: 'subscription_id', type: 'varchar', length: 26 })
  subscriptionId!: string;

  /** When the post was first seen (its poll). */
  @Column({ name: 'seen_at', type: 'datetime' })
  seenAt!: Date;

  @Column({ type: 'varchar', length: 16 })
  fate!: FateKind;

  /** For `filtered`: the rule that left it out. */
  @Column({ type: 'simple-json', nullable: true })
  rule!: FilterRule | null;

  /** For `repeat`: the post that told the reader this story first. */
  @Column({ name: 'repeat_of_entry_id', type: 'varchar', length: 26, nullable: true })
  repeatOfEntryId!: string | null;

  /** For `emailed` and a sent `digest`: the outbox email's dedup key. */
  @Column({ name: 'email_key', type: 'varchar', length: 191, nullable: true })
  emailKey!: string | null;

  /** For `digest`: its cadence (daily, weekly…). */
  @Column({ type: 'varchar', length: 16, nullable: true })
  cadence!: string | null;

  @Column({ name: 'decided_at', type: 'datetime' })
  decidedAt!: Date;
}
