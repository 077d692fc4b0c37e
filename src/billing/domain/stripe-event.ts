import { z } from 'zod';
import { PaidSession } from './checkout-payment';

/** What a verified Stripe event says; whether it is one of ours is decided against our own rows. */
export type StripeInstruction =
  | { kind: 'checkout-paid'; session: PaidSession }
  | {
      kind: 'refund';
      chargeId: string;
      paymentIntentId: string;
      amountCents: number;
      /** Cumulative: every refund of the charge so far. */
      refundedCents: number;
    }
  | { kind: 'ignore'; why: string };

const optionalText = (max: number) => z.string().max(max).nullable().optional();

/** Read loosely: a session Tidings never opened must still be named (by its id) when it is refused. */
const checkoutSession = z.object({
  id: z.string().min(1).max(255),
  payment_status: z.string(),
  client_reference_id: optionalText(255),
  metadata: z.record(z.string(), z.unknown()).nullable().optional(),
  amount_total: z.number().int().nullable().optional(),
  currency: optionalText(16),
  payment_intent: optionalText(255),
});

const charge = z.object({
  id: z.string().min(1).max(255),
  amount: z.number().int().positive(),
  amount_refunded: z.number().int().nonnegative(),
  payment_intent: z.string().min(1).max(255),
});

const stripeEvent = z.object({ type: z.string(), data: z.object({ object: z.unknown() }) });

/**
 * A Checkout Session is paid on `checkout.session.completed` when the payment went through at once,
 * on `checkout.session.async_payment_succeeded` when a delayed method settles. `charge.refunded`
 * carries the running total refunded. Everything else is acknowledged and ignored.
 */
export function interpretStripeEvent(event: unknown): StripeInstruction {
  const envelope = stripeEvent.safeParse(event);
  if (!envelope.success) return { kind: 'ignore', why: 'not a Stripe event' };
  const { type, data } = envelope.data;
  if (type === 'checkout.session.completed' || type === 'checkout.session.async_payment_succeeded') {
    return paidSession(data.object);
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

function paidSession(object: unknown): StripeInstruction {
  const parsed = checkoutSession.safeParse(object);
  if (!parsed.success) return { kind: 'ignore', why: 'not a Checkout Session' };
  const session = parsed.data;
  if (session.payment_status !== 'paid') return { kind: 'ignore', why: 'the session is not paid yet' };
  const metadata = session.metadata ?? {};
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  return {
    kind: 'checkout-paid',
    session: {
      sessionId: session.id,
      clientReferenceId: session.client_reference_id ?? null,
      metadataUserId: text(metadata.userId),
      metadataPack: text(metadata.pack),
      metadataCredits: text(metadata.credits),
      amountTotal: session.amount_total ?? null,
      currency: session.currency ?? null,
      paymentIntentId: session.payment_intent ?? null,
    },
  };
}
