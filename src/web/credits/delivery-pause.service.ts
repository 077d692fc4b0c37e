import { Injectable } from '@nestjs/common';
import { BillingService } from '../../billing/billing.service';
import { OutboxService } from '../../mail/outbox.service';
import { pauseReasonOf } from '../domain/credits';

/** Whether a user's emails wait for credits, and why in words (shown on the credits and feeds pages). */
@Injectable()
export class DeliveryPause {
  constructor(
    private readonly billing: BillingService,
    private readonly outbox: OutboxService,
  ) {}

  async reasonFor(userId: string): Promise<string | null> {
    const [balance, heldCount] = await Promise.all([
      this.billing.balanceOf(userId),
      this.outbox.countHeld(userId),
    ]);
    return pauseReasonOf({ balance, heldCount });
  }
}
