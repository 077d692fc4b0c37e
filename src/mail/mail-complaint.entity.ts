import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A reader reported one of our emails as spam (a feedback-loop report); one row per email reported. */
@Entity('mail_complaints')
export class MailComplaintEntity {
  @PrimaryColumn({ type: 'varchar', length: 26 })
  id!: string;

  /** The email reported; null when the report named none of ours (spoofed mail, or pruned). */
  @Column({ name: 'outbox_email_id', type: 'varchar', length: 26, nullable: true })
  outboxEmailId!: string | null;

  /** The reader's address (lower-cased), from our row: reports usually redact it. */
  @Column({ type: 'varchar', length: 320, nullable: true })
  address!: string | null;

  @Column({ name: 'feedback_type', type: 'varchar', length: 32 })
  feedbackType!: string;

  /** Who reported (the report's User-Agent, such as `Yahoo!-Mail-Feedback/2.0`). */
  @Column({ name: 'user_agent', type: 'varchar', length: 200, nullable: true })
  userAgent!: string | null;

  /** One complaint per email (or per report when no email is known): repeated reports count once. */
  @Column({ name: 'dedup_hash', type: 'varchar', length: 64 })
  dedupHash!: string;

  @Column({ name: 'created_at', type: 'datetime' })
  createdAt!: Date;
}
