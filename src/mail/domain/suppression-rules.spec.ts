import { isWithheld } from './suppression-rules';

const subscribed = { subscriptionIds: ['sub-1'] };
const service = { subscriptionIds: null };

describe('suppression rules', () => {
  it('hold back every email after a hard bounce, and only subscribed mail after a complaint', () => {
    expect(isWithheld('all', subscribed)).toBe(true);
    expect(isWithheld('all', service)).toBe(true);
    expect(isWithheld('bulk', subscribed)).toBe(true);
    expect(isWithheld('bulk', service)).toBe(false);
    expect(isWithheld('bulk', { subscriptionIds: [] })).toBe(false);
    expect(isWithheld(undefined, subscribed)).toBe(false);
  });
});
