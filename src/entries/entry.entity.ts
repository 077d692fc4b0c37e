import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity('entries')
export class EntryEntity {
  @PrimaryColumn({ type: 'varchar', length: 26 })
  id!: string;

  @Column({ name: 'feed_id', type: 'varchar', length: 26 })
  feedId!: string;

  /** SHA-256 of the entry's identity (ID, else link, else title and date): the dedup key per feed. */
  @Column({ name: 'identity_hash', type: 'varchar', length: 64 })
  identityHash!: string;

  @Column({ type: 'text', nullable: true })
  guid!: string | null;

  @Column({ type: 'text', nullable: true })
  link!: string | null;

  @Column({ type: 'text', nullable: true })
  title!: string | null;

  @Column({ type: 'varchar', length: 500, nullable: true })
  author!: string | null;

  @Column({ type: 'text', nullable: true })
  summary!: string | null;

  @Column({ type: 'text', nullable: true })
  content!: string | null;

  @Column({ name: 'published_at', type: 'datetime', nullable: true })
  publishedAt!: Date | null;

  @Column({ name: 'updated_at', type: 'datetime', nullable: true })
  updatedAt!: Date | null;

  @Column({ name: 'first_seen_at', type: 'datetime' })
  firstSeenAt!: Date;

  /** SHA-256 of title and published date: the same post under a re-issued ID. */
  @Column({ name: 'title_date_hash', type: 'varchar', length: 64, nullable: true })
  titleDateHash!: string | null;

  /** `new` when it was delivered as new; otherwise why not (it is kept so that its identity is remembered). */
  @Column({ name: 'dedup_verdict', type: 'varchar', length: 32, nullable: true })
  dedupVerdict!: string | null;

  /**
   * When the delivery planner handled it (or, for an entry that is not delivered, when it was stored);
   * null while a `new` entry waits for delivery: a poll stopped in between leaves it for the next cycle.
   */
  @Column({ name: 'delivery_planned_at', type: 'datetime', nullable: true })
  deliveryPlannedAt!: Date | null;

  /**
   * When the entry left its feed within a day of being first seen while older ones stayed (a deletion,
   * not the feed's window moving on); cleared if it comes back. Shown to readers, never emailed.
   */
  @Column({ name: 'removed_at', type: 'datetime', nullable: true })
  removedAt!: Date | null;

  /** Detects edits: an edited entry is updated in place and never emailed again. */
  @Column({ name: 'content_hash', type: 'varchar', length: 64 })
  contentHash!: string;
}
