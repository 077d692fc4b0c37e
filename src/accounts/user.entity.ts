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

  @Column({ type: 'varchar', length: 16 })
  role!: UserRole;

  @Column({ name: 'created_at', type: 'datetime' })
  createdAt!: Date;
}
