import { Column, Entity, PrimaryColumn } from 'typeorm';

/** `release` gives back an email's reservation when it was not sent (the ledger is append-only). */
export type LedgerEntryKind = 'grant' | 'purchase' | 'spend' | 'refund' | 'adjustment' | 'release';

/** One change of a user's credits, never updated nor deleted; the balance is the sum of `amount`. */
@Entity('ledger_entries')
export class LedgerEntryEntity {
  @PrimaryColumn({ type: 'varchar', length: 26 })
  id!: string;

  @Column({ name: 'user_id', type: 'varchar', length: 26 })
  userId!: string;

  @Column({ type: 'varchar', length: 16 })
  kind!: LedgerEntryKind;

  /** Signed: positive adds credits, negative removes them. */
  @Column({ type: 'integer' })
  amount!: number;

  /** What makes the entry unique (`purchase:<session>`, `email:<outbox id>#<round>`…). */
  @Column({ name: 'idempotency_key', type: 'varchar', length: 191 })
  idempotencyKey!: string;

  /** Why, in a few words: `starter credits`, `email`, `stripe checkout`, `stripe refund`… */
  @Column({ type: 'varchar', length: 64 })
  reason!: string;

  /** The id of what caused it: the outbox email, the Checkout Session, the charge. */
  @Column({ type: 'varchar', length: 191, nullable: true })
  reference!: string | null;

  @Column({ name: 'created_at', type: 'datetime' })
  createdAt!: Date;
}
