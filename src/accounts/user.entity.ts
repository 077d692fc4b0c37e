import { Column, Entity, PrimaryColumn } from 'typeorm';

export type UserRole = 'user' | 'support' | 'admin';

@Entity('users')
export class UserEntity {
  @PrimaryColumn({ type: 'varchar', length: 26 })
  id!: string;

  @Column({ type: 'varchar', length: 320 })
  email!: string;

  @Column({ type: 'varchar', length: 64 })
  timezone!: string;

  @Column({ name: 'digest_hour', type: 'integer' })
  digestHour!: number;

  /** 0 = Sunday … 6 = Saturday, for weekly digests. */
  @Column({ name: 'digest_weekday', type: 'integer' })
  digestWeekday!: number;

  /** At most this many delivery emails a local day; past it, the day's posts wait for one catch-up (0: no limit). */
  @Column({ name: 'max_emails_per_day', type: 'integer' })
  maxEmailsPerDay!: number;

  /** Quiet hours, in minutes after local midnight (null: none): real-time mail waits until they end. */
  @Column({ name: 'quiet_start', type: 'integer', nullable: true })
  quietStart!: number | null;

  @Column({ name: 'quiet_end', type: 'integer', nullable: true })
  quietEnd!: number | null;

  @Column({ type: 'varchar', length: 16 })
  role!: UserRole;

  @Column({ name: 'created_at', type: 'datetime' })
  createdAt!: Date;
}
