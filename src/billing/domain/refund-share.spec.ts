import { creditsToRemove } from './refund-share';

describe('creditsToRemove', () => {
  const pack = { credits: 1000, amountCents: 500 };

  it.each([
    [0, 0],
    [1, 2],
    [100, 200],
    [250, 500],
    [499, 998],
    [500, 1000],
    [600, 1000],
    [-5, 0],
  ])('after %i cents refunded in total, %i credits are gone', (refundedCents, credits) => {
    expect(creditsToRemove({ ...pack, refundedCents })).toBe(credits);
  });

  it('rounds a share that is not whole to the nearest credit', () => {
    expect(creditsToRemove({ credits: 1000, amountCents: 300, refundedCents: 1 })).toBe(3);
    expect(creditsToRemove({ credits: 1000, amountCents: 300, refundedCents: 2 })).toBe(7);
  });

  it('removes nothing for a free purchase', () => {
    expect(creditsToRemove({ credits: 100, amountCents: 0, refundedCents: 0 })).toBe(0);
  });
});
