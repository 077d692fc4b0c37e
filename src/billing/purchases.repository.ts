import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, Repository } from 'typeorm';
import { Clock } from '../common/clock';
import { newId } from '../common/ids';
import { CreditPurchaseEntity } from './credit-purchase.entity';

export interface NewPurchase {
  userId: string;
  sessionId: string;
  packId: string;
  credits: number;
  amountCents: number;
  currency: string;
  paymentIntentId: string | null;
}

/** Paid Checkout Sessions; written only inside the ledger's transactions. */
@Injectable()
export class PurchasesRepository {
  constructor(
    @InjectRepository(CreditPurchaseEntity) private readonly purchases: Repository<CreditPurchaseEntity>,
    private readonly clock: Clock,
  ) {}

  findByPaymentIntent(paymentIntentId: string): Promise<CreditPurchaseEntity | null> {
    return this.purchases.findOneBy({ paymentIntentId });
  }

  async insertWithin(manager: EntityManager, purchase: NewPurchase): Promise<true> {
    const now = this.clock.now();
    await manager.insert(CreditPurchaseEntity, {
      id: newId(),
      ...purchase,
      refundedCents: 0,
      creditsRemoved: 0,
      createdAt: now,
      updatedAt: now,
    });
    return true;
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
