import { paidSession } from '../../../test/support/billing/paid-session';
import { decideGrant, OpenedPurchase, PaidSession } from './checkout-payment';

const purchase: OpenedPurchase = {
  userId: '01USER',
  packId: '1000',
  credits: 1000,
  amountCents: 500,
  currency: 'eur',
};

const paid = paidSession;

describe('decideGrant', () => {
  it('grants the stored credits of a session Tidings opened, paid what the pack cost', () => {
    expect(decideGrant(purchase, paid)).toEqual({ kind: 'grant', userId: '01USER', credits: 1000 });
    expect(decideGrant(purchase, { ...paid, currency: 'EUR' })).toMatchObject({ kind: 'grant' });
  });

  it('grants what was stored, not what the pack list says today', () => {
    expect(decideGrant({ ...purchase, credits: 900 }, { ...paid, metadataCredits: '900' })).toMatchObject({
      credits: 900,
    });
  });

  it.each<[string, OpenedPurchase | null, Partial<PaidSession>, RegExp]>([
    ['a session Tidings never opened', null, {}, /not a Checkout Session that Tidings opened/],
    ['another user in client_reference_id', purchase, { clientReferenceId: '01OTHER' }, /another user/],
    ['another user in the metadata', purchase, { metadataUserId: '01OTHER' }, /another user/],
    ['no user at all', purchase, { clientReferenceId: null, metadataUserId: null }, /another user/],
    ['another pack', purchase, { metadataPack: '20000' }, /pack 20000, the purchase is pack 1000/],
    ['other credits', purchase, { metadataCredits: '20000' }, /claims 20000 credits, the pack has 1000/],
    ['a smaller amount', purchase, { amountTotal: 1 }, /paid 1 eur, the pack costs 500 eur/],
    ['a larger amount', purchase, { amountTotal: 50_000 }, /paid 50000 eur/],
    ['another currency', purchase, { currency: 'jpy' }, /paid 500 jpy, the pack costs 500 eur/],
    ['no amount', purchase, { amountTotal: null, currency: null }, /paid no amount no currency/],
  ])('refuses %s', (_name, stored, change, reason) => {
    const decision = decideGrant(stored, { ...paid, ...change });
    expect(decision.kind).toBe('refuse');
    expect(decision.kind === 'refuse' && decision.reason).toMatch(reason);
  });

  it('quotes what the event claims without letting it shape the log line', () => {
    const decision = decideGrant(purchase, { ...paid, metadataCredits: '1\n[FAKE] granted 99999' });
    expect(decision.kind === 'refuse' && decision.reason).not.toContain('\n');
  });
});
