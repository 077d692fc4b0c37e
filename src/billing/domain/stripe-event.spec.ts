import { paidSession } from '../../../test/support/billing/paid-session';
import { interpretStripeEvent } from './stripe-event';

const session = {
  id: 'cs_test_1',
  object: 'checkout.session',
  mode: 'payment',
  payment_status: 'paid',
  client_reference_id: '01USER',
  metadata: { userId: '01USER', pack: '1000', credits: '1000' },
  amount_total: 500,
  currency: 'eur',
  payment_intent: 'pi_1',
};

const event = (type: string, object: unknown) => ({ id: 'evt_1', type, data: { object } });

describe('interpretStripeEvent', () => {
  it.each(['checkout.session.completed', 'checkout.session.async_payment_succeeded'])(
    'reads a paid session on %s, as the event tells it',
    (type) => {
      expect(interpretStripeEvent(event(type, session))).toEqual({
        kind: 'checkout-paid',
        session: paidSession,
      });
    },
  );

  it('reads a session of another product too, so that its refusal can name it', () => {
    const foreign = { id: 'cs_foreign', payment_status: 'paid', metadata: { credits: 20000 } };
    expect(interpretStripeEvent(event('checkout.session.completed', foreign))).toEqual({
      kind: 'checkout-paid',
      session: {
        sessionId: 'cs_foreign',
        clientReferenceId: null,
        metadataUserId: null,
        metadataPack: null,
        metadataCredits: null,
        amountTotal: null,
        currency: null,
        paymentIntentId: null,
      },
    });
  });

  it('waits while a delayed payment is unpaid', () => {
    const unpaid = { ...session, payment_status: 'unpaid' };
    expect(interpretStripeEvent(event('checkout.session.completed', unpaid))).toMatchObject({
      kind: 'ignore',
      why: 'the session is not paid yet',
    });
  });

  it('reads the cumulative refund of a charge', () => {
    const charge = { id: 'ch_1', amount: 500, amount_refunded: 100, payment_intent: 'pi_1' };
    expect(interpretStripeEvent(event('charge.refunded', charge))).toEqual({
      kind: 'refund',
      chargeId: 'ch_1',
      paymentIntentId: 'pi_1',
      amountCents: 500,
      refundedCents: 100,
    });
  });

  it.each([
    ['an unknown type', event('customer.created', { id: 'cus_1' })],
    ['no envelope', 'hello'],
    ['null', null],
    ['a session without an id', event('checkout.session.completed', { ...session, id: '' })],
    ['a charge without a payment intent', event('charge.refunded', { id: 'ch_1', amount: 500 })],
  ])('ignores %s', (_name, input) => {
    expect(interpretStripeEvent(input).kind).toBe('ignore');
  });
});
