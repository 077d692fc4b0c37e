import { Column, Entity, PrimaryColumn } from 'typeorm';

/** An address that failed hard (5xx, or a bounce report): no more mail goes to it until lifted. */
@Entity('mail_suppressions')
export class MailSuppressionEntity {
  @PrimaryColumn({ type: 'varchar', length: 26 })
  id!: string;

  /** Lower-cased. */
  @Column({ type: 'varchar', length: 320 })
  address!: string;

  @Column({ type: 'text' })
  reason!: string;

  @Column({ name: 'outbox_email_id', type: 'varchar', length: 26, nullable: true })
  outboxEmailId!: string | null;

  @Column({ name: 'created_at', type: 'datetime' })
  createdAt!: Date;
}
