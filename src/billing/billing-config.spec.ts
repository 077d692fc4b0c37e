import { ConfigError, loadConfig } from '../config/load-config';

describe('billing settings', () => {
  it('default to 100 starter credits, three packs in euros and a 300 s webhook tolerance', () => {
    const config = loadConfig({});
    expect(config.STARTER_CREDITS).toBe(100);
    expect(config.CREDIT_CURRENCY).toBe('eur');
    expect(config.STRIPE_WEBHOOK_TOLERANCE_SECONDS).toBe(300);
    expect(config.CREDIT_PACKS.map((pack) => [pack.credits, pack.priceCents])).toEqual([
      [1000, 500],
      [5000, 2000],
      [20000, 5000],
    ]);
  });

  it.each([
    [{ CREDIT_PACKS: '1000:500,2000:1200' }, /CREDIT_PACKS: the 2000-credit pack costs more per credit/],
    [{ CREDIT_PACKS: 'lots' }, /CREDIT_PACKS: expected CREDITS:CENTS/],
    [{ STARTER_CREDITS: '-1' }, /STARTER_CREDITS: /],
    [{ CREDIT_CURRENCY: 'EURO' }, /CREDIT_CURRENCY: expected a three-letter/],
    [{ STRIPE_WEBHOOK_TOLERANCE_SECONDS: '0' }, /STRIPE_WEBHOOK_TOLERANCE_SECONDS: /],
  ])('refuse %p, naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});
