import { Column, Entity, PrimaryColumn } from 'typeorm';

/** `note`: an agent's internal note, never emailed, never shown to the reader. */
export type SupportMessageDirection = 'in' | 'out' | 'note';

/** One message of a thread: received from the person (`in`), sent by an agent (`out`), or a note. */
@Entity('support_messages')
export class SupportMessageEntity {
  @PrimaryColumn({ type: 'varchar', length: 26 })
  id!: string;

  @Column({ name: 'thread_id', type: 'varchar', length: 26 })
  threadId!: string;

  @Column({ type: 'varchar', length: 8 })
  direction!: SupportMessageDirection;

  @Column({ name: 'message_id', type: 'text' })
  messageId!: string;

  /** Unique: the same message delivered twice is stored once; threading looks ids up by hash. */
  @Column({ name: 'message_id_hash', type: 'varchar', length: 64 })
  messageIdHash!: string;

  @Column({ name: 'in_reply_to', type: 'text', nullable: true })
  inReplyTo!: string | null;

  @Column({ name: 'from_address', type: 'varchar', length: 320 })
  fromAddress!: string;

  /** Inbound only: SMTP `MAIL FROM` (or `Return-Path`); empty for the null sender, null when unknown. */
  @Column({ name: 'envelope_sender', type: 'varchar', length: 320, nullable: true })
  envelopeSender!: string | null;

  @Column({ type: 'text' })
  subject!: string;

  @Column({ name: 'body_text', type: 'text' })
  bodyText!: string;

  /** As received: show it only through `sanitizedHtml`. */
  @Column({ name: 'body_html', type: 'text', nullable: true })
  bodyHtml!: string | null;

  @Column({ name: 'agent_user_id', type: 'varchar', length: 26, nullable: true })
  agentUserId!: string | null;

  @Column({ name: 'created_at', type: 'datetime' })
  createdAt!: Date;
}
