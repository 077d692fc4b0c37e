import { Injectable, Logger } from '@nestjs/common';
import { Clock } from '../common/clock';
import { ConflictError } from '../common/errors';
import { OutboxService } from '../mail/outbox.service';
import { decideGrant } from './domain/checkout-payment';
import { creditsToRemove } from './domain/refund-share';
import { interpretStripeEvent, StripeInstruction } from './domain/stripe-event';
import { LedgerRepository } from './ledger.repository';
import { PurchasesRepository } from './purchases.repository';
import { StripeClient } from './stripe.client';

/**
 * `ignored` alone: an event Tidings does not use. `ignored: <reason>`: a signed event that asked for
 * credits (or a refund) Tidings refuses to believe; it is logged as a warning with the session or charge.
 */
export type WebhookOutcome =
  'granted' | 'already granted' | 'refunded' | 'already refunded' | 'ignored' | `ignored: ${string}`;

type CheckoutPaid = Extract<StripeInstruction, { kind: 'checkout-paid' }>;
type Refund = Extract<StripeInstruction, { kind: 'refund' }>;

const REFUND_RACE_ATTEMPTS = 5;

/**
 * Stripe's events, verified and applied once each. Only a session Tidings opened, paid what its pack
 * cost, is granted (`decideGrant`), under the idempotency key `purchase:<session id>`, so both of its
 * events, delivered any number of times and at once, grant once. A refund removes the share of the
 * purchase's credits not removed before, and only for the charge of a purchase of ours.
 *
 * A refused event is answered 200 with `ignored: <reason>` and logged as a warning, not with a 4xx:
 * retrying it can never make it ours, and an endpoint that keeps failing gets disabled by Stripe,
 * which would stop the genuine purchases too (an account shared with another application sends its
 * events here for good). The operator sees the reason in the log and in Stripe's delivery log.
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
    if (instruction.kind === 'checkout-paid') return this.grant(instruction);
    if (instruction.kind === 'refund') return this.refund(instruction);
    this.logger.debug(`Stripe event ignored: ${instruction.why}`);
    return 'ignored';
  }

  private async grant({ session }: CheckoutPaid): Promise<WebhookOutcome> {
    const purchase = await this.purchases.findBySession(session.sessionId);
    const decision = decideGrant(purchase, session);
    if (!purchase || decision.kind === 'refuse') {
      const reason = decision.kind === 'refuse' ? decision.reason : 'no purchase';
      return this.refused(`Checkout Session ${session.sessionId}`, `${reason}; no credits granted`);
    }
    const outcome = await this.ledger.record(
      {
        userId: decision.userId,
        kind: 'purchase',
        amount: decision.credits,
        idempotencyKey: `purchase:${session.sessionId}`,
        reason: 'stripe checkout',
        reference: session.sessionId,
      },
      {
        alongside: (manager) => this.purchases.markPaidWithin(manager, purchase.id, session.paymentIntentId),
      },
    );
    if (outcome !== 'recorded') return 'already granted';
    // Emails held for credits go back in the queue; the next outbox flush sends them.
    await this.outbox.releaseHeld(decision.userId);
    return 'granted';
  }

  private refused(subject: string, reason: string): WebhookOutcome {
    this.logger.warn(`Stripe event ignored for ${subject}: ${reason}`);
    return `ignored: ${reason}`;
  }

  private async refund(refund: Refund): Promise<WebhookOutcome> {
    for (let attempt = 0; attempt < REFUND_RACE_ATTEMPTS; attempt += 1) {
      const purchase = await this.purchases.findByPaymentIntent(refund.paymentIntentId);
      if (!purchase)
        return this.refused(
          `charge ${refund.chargeId}`,
          `payment ${refund.paymentIntentId} is not a paid Tidings purchase; no credits removed`,
        );
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
