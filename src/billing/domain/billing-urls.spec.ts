import { billingPageUrl, checkoutReturnUrls } from './billing-urls';

describe('billingPageUrl', () => {
  it.each([
    ['https://tidings.example', 'https://tidings.example/credits'],
    ['https://tidings.example/', 'https://tidings.example/credits'],
    ['https://example.com/tidings//', 'https://example.com/tidings/credits'],
  ])('%s → %s', (publicUrl, expected) => {
    expect(billingPageUrl(publicUrl)).toBe(expected);
  });
});

describe('checkoutReturnUrls', () => {
  it("returns to the dashboard's success page with Stripe's session placeholder, and its cancel page", () => {
    expect(checkoutReturnUrls('https://example.com/tidings/')).toEqual({
      success: 'https://example.com/tidings/credits/success?session_id={CHECKOUT_SESSION_ID}',
      cancel: 'https://example.com/tidings/credits/cancel',
    });
  });
});
