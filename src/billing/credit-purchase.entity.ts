import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * A Checkout Session that Tidings opened (who buys which pack, its credits and price as they were
 * then), when Stripe said it was paid, and what refunds of its charge have taken back so far.
 */
@Entity('credit_purchases')
export class CreditPurchaseEntity {
  @PrimaryColumn({ type: 'varchar', length: 26 })
  id!: string;

  @Column({ name: 'user_id', type: 'varchar', length: 26 })
  userId!: string;

  @Column({ name: 'session_id', type: 'varchar', length: 191 })
  sessionId!: string;

  @Column({ name: 'pack_id', type: 'varchar', length: 32 })
  packId!: string;

  @Column({ type: 'integer' })
  credits!: number;

  @Column({ name: 'amount_cents', type: 'integer' })
  amountCents!: number;

  @Column({ type: 'varchar', length: 8 })
  currency!: string;

  /** Links the session to the charge that `charge.refunded` names. */
  @Column({ name: 'payment_intent_id', type: 'varchar', length: 191, nullable: true })
  paymentIntentId!: string | null;

  /** Null until a signed event says the session was paid what the pack cost. */
  @Column({ name: 'paid_at', type: 'datetime', nullable: true })
  paidAt!: Date | null;

  @Column({ name: 'refunded_cents', type: 'integer' })
  refundedCents!: number;

  /** Moved by compare-and-set, so that concurrent refund events remove each credit once. */
  @Column({ name: 'credits_removed', type: 'integer' })
  creditsRemoved!: number;

  @Column({ name: 'created_at', type: 'datetime' })
  createdAt!: Date;

  @Column({ name: 'updated_at', type: 'datetime' })
  updatedAt!: Date;
}
