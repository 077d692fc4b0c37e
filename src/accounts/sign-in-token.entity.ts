import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity('sign_in_tokens')
export class SignInTokenEntity {
  @PrimaryColumn({ type: 'varchar', length: 26 })
  id!: string;

  /** SHA-256 of the token in the emailed link; the token itself is never stored. */
  @Column({ name: 'token_hash', type: 'varchar', length: 64 })
  tokenHash!: string;

  @Column({ type: 'varchar', length: 320 })
  email!: string;

  /** Detected in the browser at sign-up; used only if the account does not exist yet. */
  @Column({ type: 'varchar', length: 64 })
  timezone!: string;

  @Column({ name: 'created_at', type: 'datetime' })
  createdAt!: Date;

  @Column({ name: 'expires_at', type: 'datetime' })
  expiresAt!: Date;

  @Column({ name: 'used_at', type: 'datetime', nullable: true })
  usedAt!: Date | null;
}
