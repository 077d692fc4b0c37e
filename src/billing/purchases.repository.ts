import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, IsNull, Repository } from 'typeorm';
import { Clock } from '../common/clock';
import { newId } from '../common/ids';
import { CreditPurchaseEntity } from './credit-purchase.entity';

export interface OpenedCheckout {
  userId: string;
  sessionId: string;
  packId: string;
  credits: number;
  amountCents: number;
  currency: string;
}

/** Checkout Sessions Tidings opened; marked paid and refunded only inside the ledger's transactions. */
@Injectable()
export class PurchasesRepository {
  constructor(
    @InjectRepository(CreditPurchaseEntity) private readonly purchases: Repository<CreditPurchaseEntity>,
    private readonly clock: Clock,
  ) {}

  /** Stores an opened session once: a repeated form submission gets the same session back from Stripe. */
  async open(checkout: OpenedCheckout): Promise<void> {
    const now = this.clock.now();
    await this.purchases
      .createQueryBuilder()
      .insert()
      .values({
        id: newId(),
        ...checkout,
        paymentIntentId: null,
        paidAt: null,
        refundedCents: 0,
        creditsRemoved: 0,
        createdAt: now,
        updatedAt: now,
      })
      .orIgnore()
      .execute();
  }

  findBySession(sessionId: string): Promise<CreditPurchaseEntity | null> {
    return this.purchases.findOneBy({ sessionId });
  }

  /** Only a paid purchase's charge can be refunded. */
  findByPaymentIntent(paymentIntentId: string): Promise<CreditPurchaseEntity | null> {
    return this.purchases.findOneBy({ paymentIntentId });
  }

  /** Compare-and-set on `paid_at`: false when another delivery of the event marked it first. */
  async markPaidWithin(
    manager: EntityManager,
    purchaseId: string,
    paymentIntentId: string | null,
  ): Promise<boolean> {
    const now = this.clock.now();
    const result = await manager.update(
      CreditPurchaseEntity,
      { id: purchaseId, paidAt: IsNull() },
      { paidAt: now, paymentIntentId, updatedAt: now },
    );
    return result.affected === 1;
  }

  /** Compare-and-set: moves `credits_removed` from what was read to the new total, or reports a race. */
  async recordRefundWithin(
    manager: EntityManager,
    purchase: CreditPurchaseEntity,
    change: { refundedCents: number; creditsRemoved: number },
  ): Promise<boolean> {
    const result = await manager
      .createQueryBuilder()
      .update(CreditPurchaseEntity)
      .set({ ...change, updatedAt: this.clock.now() })
      .where('id = :id AND credits_removed = :seen', { id: purchase.id, seen: purchase.creditsRemoved })
      .execute();
    return result.affected === 1;
  }
}
