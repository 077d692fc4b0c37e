import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A host that answered 429/503 with Retry-After: no request to it before `heldUntil`, across restarts. */
@Entity('fetch_host_holds')
export class HostHoldEntity {
  @PrimaryColumn({ type: 'varchar', length: 255 })
  host!: string;

  @Column({ name: 'held_until', type: 'datetime' })
  heldUntil!: Date;

  @Column({ type: 'varchar', length: 64 })
  reason!: string;
}
