import { Injectable, Logger } from '@nestjs/common';
import { Clock } from '../common/clock';
import { ConflictError } from '../common/errors';
import { OutboxService } from '../mail/outbox.service';
import { creditsToRemove } from './domain/refund-share';
import { interpretStripeEvent, StripeInstruction } from './domain/stripe-event';
import { LedgerRepository } from './ledger.repository';
import { PurchasesRepository } from './purchases.repository';
import { StripeClient } from './stripe.client';

export type WebhookOutcome = 'granted' | 'already granted' | 'refunded' | 'already refunded' | 'ignored';

type Grant = Extract<StripeInstruction, { kind: 'grant' }>;
type Refund = Extract<StripeInstruction, { kind: 'refund' }>;

const REFUND_RACE_ATTEMPTS = 5;

/**
 * Stripe's events, verified and applied once each. A session is granted under the idempotency key
 * `purchase:<session id>`, so both of its events, delivered any number of times and at once, grant
 * once. A refund removes the share of the purchase's credits not removed before.
 */
@Injectable()
export class StripeWebhookService {
  private readonly logger = new Logger(StripeWebhookService.name);

  constructor(
    private readonly stripe: StripeClient,
    private readonly ledger: LedgerRepository,
    private readonly purchases: PurchasesRepository,
    private readonly outbox: OutboxService,
    private readonly clock: Clock,
  ) {}

  async handle(rawBody: Buffer | undefined, signature: string | undefined): Promise<WebhookOutcome> {
    const event = this.stripe.verifyEvent(rawBody, signature, this.clock.now().getTime());
    const instruction = interpretStripeEvent(event);
    if (instruction.kind === 'grant') return this.grant(instruction);
    if (instruction.kind === 'refund') return this.refund(instruction);
    this.logger.debug(`Stripe event ignored: ${instruction.why}`);
    return 'ignored';
  }

  private async grant(grant: Grant): Promise<WebhookOutcome> {
    const outcome = await this.ledger.record(
      {
        userId: grant.userId,
        kind: 'purchase',
        amount: grant.credits,
        idempotencyKey: `purchase:${grant.sessionId}`,
        reason: 'stripe checkout',
        reference: grant.sessionId,
      },
      { alongside: (manager) => this.purchases.insertWithin(manager, grant) },
    );
    if (outcome !== 'recorded') return 'already granted';
    // Emails held for credits go back in the queue; the next outbox flush sends them.
    await this.outbox.releaseHeld(grant.userId);
    return 'granted';
  }

  private async refund(refund: Refund): Promise<WebhookOutcome> {
    for (let attempt = 0; attempt < REFUND_RACE_ATTEMPTS; attempt += 1) {
      const purchase = await this.purchases.findByPaymentIntent(refund.paymentIntentId);
      // Answering with an error makes Stripe deliver the refund again, after the purchase is recorded.
      if (!purchase) throw new ConflictError(`no purchase paid by ${refund.paymentIntentId} (yet)`);
      const removed = creditsToRemove({
        credits: purchase.credits,
        amountCents: refund.amountCents,
        refundedCents: refund.refundedCents,
      });
      if (removed <= purchase.creditsRemoved) return 'already refunded';
      const outcome = await this.ledger.record(
        {
          userId: purchase.userId,
          kind: 'refund',
          amount: purchase.creditsRemoved - removed,
          idempotencyKey: `refund:${purchase.sessionId}:${removed}`,
          reason: 'stripe refund',
          reference: refund.chargeId,
        },
        {
          alongside: (manager) =>
            this.purchases.recordRefundWithin(manager, purchase, {
              refundedCents: refund.refundedCents,
              creditsRemoved: removed,
            }),
        },
      );
      if (outcome === 'recorded') return 'refunded';
      if (outcome === 'duplicate') return 'already refunded';
      // 'stale': another delivery moved the purchase first; read it again.
    }
    throw new ConflictError(`refunds of ${refund.chargeId} kept racing; Stripe will deliver it again`);
  }
}
