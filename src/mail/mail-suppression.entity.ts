import { Column, Entity, PrimaryColumn } from 'typeorm';
import { SuppressionScope } from './domain/suppression-rules';

/** An address we must not send to, or not send subscribed mail to, until lifted (see `SuppressionScope`). */
@Entity('mail_suppressions')
export class MailSuppressionEntity {
  @PrimaryColumn({ type: 'varchar', length: 26 })
  id!: string;

  /** Lower-cased. */
  @Column({ type: 'varchar', length: 320 })
  address!: string;

  @Column({ type: 'text' })
  reason!: string;

  @Column({ type: 'varchar', length: 16 })
  scope!: SuppressionScope;

  @Column({ name: 'outbox_email_id', type: 'varchar', length: 26, nullable: true })
  outboxEmailId!: string | null;

  @Column({ name: 'created_at', type: 'datetime' })
  createdAt!: Date;
}
