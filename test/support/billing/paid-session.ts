import type { PaidSession } from '../../../src/billing/domain/checkout-payment';

/** A paid Checkout Session for pack 1000, as `interpretStripeEvent` reads it from Stripe's event. */
export const paidSession: PaidSession = {
  sessionId: 'cs_test_1',
  clientReferenceId: '01USER',
  metadataUserId: '01USER',
  metadataPack: '1000',
  metadataCredits: '1000',
  amountTotal: 500,
  currency: 'eur',
  paymentIntentId: 'pi_1',
};
