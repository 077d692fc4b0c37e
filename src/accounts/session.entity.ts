import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity('sessions')
export class SessionEntity {
  @PrimaryColumn({ type: 'varchar', length: 26 })
  id!: string;

  /** SHA-256 of the token in the cookie: a leaked table does not yield usable cookies. */
  @Column({ name: 'token_hash', type: 'varchar', length: 64 })
  tokenHash!: string;

  @Column({ name: 'user_id', type: 'varchar', length: 26 })
  userId!: string;

  @Column({ name: 'created_at', type: 'datetime' })
  createdAt!: Date;

  @Column({ name: 'expires_at', type: 'datetime' })
  expiresAt!: Date;

  @Column({ name: 'last_seen_at', type: 'datetime' })
  lastSeenAt!: Date;
}
