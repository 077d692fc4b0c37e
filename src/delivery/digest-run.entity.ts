import { Column, Entity, PrimaryColumn } from 'typeorm';

/** `composing` while one worker holds the lease; `sent` or `empty` once done. */
export type DigestRunStatus = 'composing' | 'sent' | 'empty';

/** One digest issue of one user: the unique (user, issue key) makes each issue happen once. */
@Entity('digest_runs')
export class DigestRunEntity {
  @PrimaryColumn({ type: 'varchar', length: 26 })
  id!: string;

  @Column({ name: 'user_id', type: 'varchar', length: 26 })
  userId!: string;

  @Column({ name: 'issue_key', type: 'varchar', length: 32 })
  issueKey!: string;

  @Column({ name: 'due_at', type: 'datetime' })
  dueAt!: Date;

  @Column({ type: 'varchar', length: 16 })
  status!: DigestRunStatus;

  @Column({ name: 'lease_until', type: 'datetime', nullable: true })
  leaseUntil!: Date | null;

  /** The process holding the claim (`ClaimLeases.owner`), whose heartbeat renews `lease_until`. */
  @Column({ name: 'claimed_by', type: 'varchar', length: 100, nullable: true })
  claimedBy!: string | null;

  @Column({ name: 'entry_count', type: 'integer' })
  entryCount!: number;

  @Column({ name: 'created_at', type: 'datetime' })
  createdAt!: Date;

  @Column({ name: 'finished_at', type: 'datetime', nullable: true })
  finishedAt!: Date | null;
}
