import { Column, Entity, PrimaryColumn } from 'typeorm';

/** The cached balance: moved only together with a ledger entry, in one transaction. */
@Entity('credit_accounts')
export class CreditAccountEntity {
  @PrimaryColumn({ name: 'user_id', type: 'varchar', length: 26 })
  userId!: string;

  @Column({ type: 'integer' })
  balance!: number;

  /** Counts the changes, for diagnosis. */
  @Column({ type: 'integer' })
  version!: number;

  @Column({ name: 'updated_at', type: 'datetime' })
  updatedAt!: Date;
}
