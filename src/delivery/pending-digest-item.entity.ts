import { Column, Entity, PrimaryColumn } from 'typeorm';
import { DigestCadence } from './domain/digest-schedule';

/** An entry waiting for a subscriber's next digest; `digestRunId` is set once an issue takes it. */
@Entity('pending_digest_items')
export class PendingDigestItemEntity {
  @PrimaryColumn({ type: 'varchar', length: 26 })
  id!: string;

  @Column({ name: 'user_id', type: 'varchar', length: 26 })
  userId!: string;

  @Column({ name: 'subscription_id', type: 'varchar', length: 26 })
  subscriptionId!: string;

  @Column({ name: 'entry_id', type: 'varchar', length: 26 })
  entryId!: string;

  @Column({ type: 'varchar', length: 16 })
  cadence!: DigestCadence;

  @Column({ name: 'created_at', type: 'datetime' })
  createdAt!: Date;

  /**
   * Set when another of the reader's feeds told this story first: the item is never shown itself; when
   * the first telling is in the same issue it says "also in" this feed, otherwise it is left out.
   */
  @Column({ name: 'repeat_of_entry_id', type: 'varchar', length: 26, nullable: true })
  repeatOfEntryId!: string | null;

  @Column({ name: 'digest_run_id', type: 'varchar', length: 26, nullable: true })
  digestRunId!: string | null;
}
