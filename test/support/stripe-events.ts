import Stripe from 'stripe';

export const WEBHOOK_SECRET = 'whsec_test_tidings_0123456789';

export interface SignedEvent {
  payload: string;
  signature: string;
}

/** Signs a payload exactly as Stripe does, with the SDK's own test helper. */
export function signEvent(
  event: object,
  options: { at: Date; secret?: string; payload?: string },
): SignedEvent {
  const payload = options.payload ?? JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? WEBHOOK_SECRET,
    timestamp: Math.floor(options.at.getTime() / 1000),
  });
  return { payload, signature };
}

let eventCount = 0;

function stripeEvent(type: string, object: object): object {
  eventCount += 1;
  return { id: `evt_test_${eventCount}`, object: 'event', type, data: { object } };
}

export interface SessionFields {
  sessionId: string;
  userId: string;
  credits: number;
  amountCents?: number;
  currency?: string;
  paymentIntentId?: string;
  paymentStatus?: 'paid' | 'unpaid';
  /** Fields of the session object to set as they are (e.g. a forged `metadata`). */
  overrides?: Record<string, unknown>;
}

export function checkoutSessionEvent(
  type: 'checkout.session.completed' | 'checkout.session.async_payment_succeeded',
  session: SessionFields,
): object {
  return stripeEvent(type, {
    id: session.sessionId,
    object: 'checkout.session',
    mode: 'payment',
    payment_status: session.paymentStatus ?? 'paid',
    client_reference_id: session.userId,
    metadata: { userId: session.userId, pack: String(session.credits), credits: String(session.credits) },
    amount_total: session.amountCents ?? 500,
    currency: session.currency ?? 'eur',
    payment_intent: session.paymentIntentId ?? `pi_${session.sessionId}`,
    ...session.overrides,
  });
}

export function chargeRefundedEvent(charge: {
  paymentIntentId: string;
  amountCents: number;
  refundedCents: number;
}): object {
  return stripeEvent('charge.refunded', {
    id: `ch_${charge.paymentIntentId}`,
    object: 'charge',
    amount: charge.amountCents,
    amount_refunded: charge.refundedCents,
    refunded: charge.refundedCents >= charge.amountCents,
    payment_intent: charge.paymentIntentId,
  });
}
