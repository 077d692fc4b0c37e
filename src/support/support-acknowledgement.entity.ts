import { Column, Entity, PrimaryColumn } from 'typeorm';

/** When each sender (by the hash of their address) last got an automatic acknowledgement. */
@Entity('support_acknowledgements')
export class SupportAcknowledgementEntity {
  @PrimaryColumn({ name: 'sender_hash', type: 'varchar', length: 64 })
  senderHash!: string;

  @Column({ name: 'last_sent_at', type: 'datetime' })
  lastSentAt!: Date;
}
