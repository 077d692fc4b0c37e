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
    'grants the pack of a paid session on %s',
    (type) => {
      expect(interpretStripeEvent(event(type, session))).toEqual({
        kind: 'grant',
        sessionId: 'cs_test_1',
        userId: '01USER',
        packId: '1000',
        credits: 1000,
        amountCents: 500,
        currency: 'eur',
        paymentIntentId: 'pi_1',
      });
    },
  );

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
    ['a session of another product', event('checkout.session.completed', { ...session, metadata: {} })],
    ['a subscription session', event('checkout.session.completed', { ...session, mode: 'subscription' })],
    [
      'two different users',
      event('checkout.session.completed', { ...session, client_reference_id: '01OTHER' }),
    ],
    [
      'credits that are not a number',
      event('checkout.session.completed', { ...session, metadata: { ...session.metadata, credits: '1e9' } }),
    ],
    [
      'zero credits',
      event('checkout.session.completed', { ...session, metadata: { ...session.metadata, credits: '0' } }),
    ],
    ['a charge without a payment intent', event('charge.refunded', { id: 'ch_1', amount: 500 })],
  ])('ignores %s', (_name, input) => {
    expect(interpretStripeEvent(input).kind).toBe('ignore');
  });
});
