import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A file a support message carried: its bytes until retention drops them (then `content` is null). */
@Entity('support_attachments')
export class SupportAttachmentEntity {
  @PrimaryColumn({ type: 'varchar', length: 26 })
  id!: string;

  @Column({ name: 'message_id', type: 'varchar', length: 26 })
  messageId!: string;

  /** As the sender named it, reduced to a safe file name (`safeFilename`). */
  @Column({ type: 'varchar', length: 255 })
  filename!: string;

  /** As declared by the sender: shown to agents, never trusted to render (downloads are attachments). */
  @Column({ name: 'content_type', type: 'varchar', length: 255 })
  contentType!: string;

  @Column({ name: 'size_bytes', type: 'integer' })
  sizeBytes!: number;

  @Column({ type: 'blob', nullable: true, select: false })
  content!: Buffer | null;

  @Column({ name: 'created_at', type: 'datetime' })
  createdAt!: Date;
}
