import { billingPageUrl } from './billing-urls';

describe('billingPageUrl', () => {
  it.each([
    ['https://tidings.example', 'https://tidings.example/billing'],
    ['https://tidings.example/', 'https://tidings.example/billing'],
    ['https://example.com/tidings//', 'https://example.com/tidings/billing'],
  ])('%s → %s', (publicUrl, expected) => {
    expect(billingPageUrl(publicUrl)).toBe(expected);
  });
});
