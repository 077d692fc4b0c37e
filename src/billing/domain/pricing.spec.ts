import { priceDigest, REALTIME_EMAIL_CREDITS } from './pricing';

describe('pricing', () => {
  it('charges one credit per real-time email', () => {
    expect(REALTIME_EMAIL_CREDITS).toBe(1);
  });

  it.each([
    [0, 0],
    [1, 1],
    [5, 1],
    [6, 2],
    [10, 2],
    [11, 3],
  ])('a digest with %i feeds costs %i credits', (feeds, credits) => {
    expect(priceDigest(feeds)).toBe(credits);
  });

  it.each([-1, 1.5, NaN])('rejects %p feeds', (feeds) => {
    expect(() => priceDigest(feeds)).toThrow(RangeError);
  });
});
