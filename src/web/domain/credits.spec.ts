import { isCheckoutSessionId, ledgerRow, packOffers, pauseReasonOf } from './credits';

describe('credits pages', () => {
  it('prices packs in total and per credit, in the configured currency', () => {
    expect(
      packOffers(
        [
          { id: '1000', credits: 1000, priceCents: 500 },
          { id: '20000', credits: 20000, priceCents: 5000 },
        ],
        'eur',
      ),
    ).toEqual([
      { id: '1000', credits: '1,000', price: '€5.00', pricePerCredit: '€0.005' },
      { id: '20000', credits: '20,000', price: '€50.00', pricePerCredit: '€0.0025' },
    ]);
    expect(packOffers([{ id: '3', credits: 3, priceCents: 100 }], 'usd')[0].pricePerCredit).toBe(
      'US$0.33333',
    );
  });

  it('shows ledger lines with a sign and the reason in words', () => {
    const at = '2026-11-22T10:00:00.000Z';
    expect(ledgerRow({ kind: 'purchase', amount: 5000, reason: 'stripe checkout', createdAt: at })).toEqual({
      createdAt: new Date(at),
      change: '+5,000',
      isCredit: true,
      reason: 'Bought with Stripe Checkout',
    });
    expect(ledgerRow({ kind: 'spend', amount: -1, reason: 'email', createdAt: at })).toMatchObject({
      change: '−1',
      isCredit: false,
      reason: 'An email sent',
    });
    expect(ledgerRow({ kind: 'adjustment', amount: 10, reason: 'sorry', createdAt: at }).reason).toBe(
      'Correction: sorry',
    );
  });

  it('says why deliveries are paused: held emails first, then a negative balance', () => {
    expect(pauseReasonOf({ balance: 5, heldCount: 0 })).toBeNull();
    expect(pauseReasonOf({ balance: 0, heldCount: 0 })).toBeNull();
    expect(pauseReasonOf({ balance: 0, heldCount: 1 })).toMatch(/1 email is waiting .*\(0 credits\)/);
    expect(pauseReasonOf({ balance: 1, heldCount: 1200 })).toMatch(/1,200 emails are waiting .*\(1 credit\)/);
    expect(pauseReasonOf({ balance: -40, heldCount: 0 })).toMatch(/balance is -40 credits after a refund/);
  });

  it('accepts only Stripe-shaped Checkout Session ids', () => {
    expect(isCheckoutSessionId('cs_test_a1B2c3')).toBe(true);
    for (const hostile of ['', 'cs_', 'pi_123', 'cs_x/../y', `cs_${'a'.repeat(201)}`, ['cs_a'], 'cs_a<b>'])
      expect(isCheckoutSessionId(hostile)).toBe(false);
  });
});
