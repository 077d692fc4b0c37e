import { Column, Entity, PrimaryColumn } from 'typeorm';

export type ThreadState = 'open' | 'waiting' | 'closed';

/** A conversation with one person, with the email of ours that started it when there was one. */
@Entity('support_threads')
export class SupportThreadEntity {
  @PrimaryColumn({ type: 'varchar', length: 26 })
  id!: string;

  /** Null for a sender without an account. */
  @Column({ name: 'user_id', type: 'varchar', length: 26, nullable: true })
  userId!: string | null;

  /** Where answers go when the thread has no user. */
  @Column({ name: 'from_address', type: 'varchar', length: 320 })
  fromAddress!: string;

  @Column({ type: 'text' })
  subject!: string;

  /** The outbox email replied to; unique, so that every reply to one email lands in one thread. */
  @Column({ name: 'context_outbox_email_id', type: 'varchar', length: 26, nullable: true })
  contextOutboxEmailId!: string | null;

  @Column({ name: 'context_kind', type: 'varchar', length: 32, nullable: true })
  contextKind!: string | null;

  @Column({ name: 'context_subject', type: 'text', nullable: true })
  contextSubject!: string | null;

  @Column({ name: 'context_entry_id', type: 'varchar', length: 26, nullable: true })
  contextEntryId!: string | null;

  /**
   * Opened by a message whose sender is not the reader of the email it answers: shown to agents as
   * "sender differs from the reader of the email replied to"; answered only when an agent confirms.
   */
  @Column({ name: 'sender_differs', type: 'boolean' })
  senderDiffers!: boolean;

  /** open (the reader waits for us), waiting (for the reader), closed; a reader's message reopens it. */
  @Column({ type: 'varchar', length: 16, default: 'open' })
  state!: ThreadState;

  @Column({ name: 'assigned_to_user_id', type: 'varchar', length: 26, nullable: true })
  assignedToUserId!: string | null;

  /** When the reader last wrote: how long an open thread has waited for us. */
  @Column({ name: 'last_inbound_at', type: 'datetime', nullable: true })
  lastInboundAt!: Date | null;

  /** When an agent last opened the thread: unread when the reader wrote after it. */
  @Column({ name: 'seen_at', type: 'datetime', nullable: true })
  seenAt!: Date | null;

  @Column({ name: 'created_at', type: 'datetime' })
  createdAt!: Date;

  @Column({ name: 'updated_at', type: 'datetime' })
  updatedAt!: Date;
}
