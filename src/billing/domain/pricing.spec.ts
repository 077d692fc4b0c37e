import { priceDigest, priceEmail, pricesInWords, REALTIME_EMAIL_CREDITS } from './pricing';

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

describe('priceEmail', () => {
  it.each([
    ['entry', 1, 1],
    ['entry-update', 1, 1],
    ['delivery-record', 1, 0],
    ['digest', 1, 1],
    ['digest', 6, 2],
    ['sign-in', 0, 0],
    ['low-balance', 0, 0],
    ['feed-problem', 1, 0],
    ['support-reply', 0, 0],
  ])('a %s email with %i feeds costs %i credits', (kind, feedCount, credits) => {
    expect(priceEmail({ kind, feedCount })).toBe(credits);
  });

  it('says the price list in words from the same figures', () => {
    expect(pricesInWords()).toBe(
      'An email with one post costs 1 credit; a digest costs 1 credit for every 5 feeds with new posts in it ' +
        '(1 credit for up to 5, 2 credits for 6 to 10), whatever the number of posts. ' +
        'Sign-in links, notices and support replies are free.',
    );
  });
});
