import { Column, Entity, PrimaryColumn } from 'typeorm';

/** The entry that first told a reader a story (a canonical link, or a title and text), within a week. */
@Entity('reader_stories')
export class ReaderStoryEntity {
  @PrimaryColumn({ name: 'user_id', type: 'varchar', length: 26 })
  userId!: string;

  /** A story key (`storyKeys`): SHA-256 of the canonical link, or of the title and the text. */
  @PrimaryColumn({ name: 'story_hash', type: 'varchar', length: 64 })
  storyHash!: string;

  @Column({ name: 'entry_id', type: 'varchar', length: 26 })
  entryId!: string;

  @Column({ name: 'subscription_id', type: 'varchar', length: 26 })
  subscriptionId!: string;

  /** When that entry was first seen: the story is remembered for a week from then. */
  @Column({ name: 'first_seen_at', type: 'datetime' })
  firstSeenAt!: Date;
}
