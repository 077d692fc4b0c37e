import { z } from 'zod';

/** What a verified Stripe event asks of the ledger. */
export type StripeInstruction =
  | {
      kind: 'grant';
      sessionId: string;
      userId: string;
      packId: string;
      credits: number;
      amountCents: number;
      currency: string;
      paymentIntentId: string | null;
    }
  | {
      kind: 'refund';
      chargeId: string;
      paymentIntentId: string;
      amountCents: number;
      /** Cumulative: every refund of the charge so far. */
      refundedCents: number;
    }
  | { kind: 'ignore'; why: string };

const wholeNumberText = z.string().regex(/^\d{1,9}$/);

const checkoutSession = z.object({
  id: z.string().min(1).max(255),
  mode: z.literal('payment'),
  payment_status: z.string(),
  client_reference_id: z.string().min(1).max(26),
  metadata: z.object({
    userId: z.string().min(1).max(26),
    pack: z.string().max(32),
    credits: wholeNumberText,
  }),
  amount_total: z.number().int().nonnegative(),
  currency: z.string().max(8),
  payment_intent: z.string().max(255).nullable().optional(),
});

const charge = z.object({
  id: z.string().min(1).max(255),
  amount: z.number().int().positive(),
  amount_refunded: z.number().int().nonnegative(),
  payment_intent: z.string().min(1).max(255),
});

const stripeEvent = z.object({ type: z.string(), data: z.object({ object: z.unknown() }) });

/**
 * Credits are granted once a Checkout Session is paid: `checkout.session.completed` when the payment
 * went through at once, `checkout.session.async_payment_succeeded` when a delayed method settles.
 * `charge.refunded` carries the running total refunded. Everything else is acknowledged and ignored.
 */
export function interpretStripeEvent(event: unknown): StripeInstruction {
  const envelope = stripeEvent.safeParse(event);
  if (!envelope.success) return { kind: 'ignore', why: 'not a Stripe event' };
  const { type, data } = envelope.data;
  if (type === 'checkout.session.completed' || type === 'checkout.session.async_payment_succeeded') {
    return grantFor(data.object);
  }
  if (type === 'charge.refunded') {
    const parsed = charge.safeParse(data.object);
    if (!parsed.success) return { kind: 'ignore', why: 'a charge without a payment intent or amounts' };
    const { id, amount, amount_refunded, payment_intent } = parsed.data;
    return {
      kind: 'refund',
      chargeId: id,
      paymentIntentId: payment_intent,
      amountCents: amount,
      refundedCents: amount_refunded,
    };
  }
  return { kind: 'ignore', why: `event type ${type} is not used` };
}

function grantFor(object: unknown): StripeInstruction {
  const parsed = checkoutSession.safeParse(object);
  if (!parsed.success) return { kind: 'ignore', why: 'a Checkout Session not created by Tidings' };
  const session = parsed.data;
  if (session.payment_status !== 'paid') return { kind: 'ignore', why: 'the session is not paid yet' };
  if (session.metadata.userId !== session.client_reference_id) {
    return { kind: 'ignore', why: 'the session names two different users' };
  }
  const credits = Number(session.metadata.credits);
  if (credits < 1) return { kind: 'ignore', why: 'the session grants no credits' };
  return {
    kind: 'grant',
    sessionId: session.id,
    userId: session.client_reference_id,
    packId: session.metadata.pack,
    credits,
    amountCents: session.amount_total,
    currency: session.currency,
    paymentIntentId: session.payment_intent ?? null,
  };
}
