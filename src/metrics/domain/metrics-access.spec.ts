import { mayReadMetrics } from './metrics-access';

describe('mayReadMetrics', () => {
  const from = (remoteAddress: string | undefined, authorization?: string) => ({
    remoteAddress,
    authorization,
  });

  it('without a token, answers loopback clients only', () => {
    for (const address of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1'])
      expect(mayReadMetrics(from(address), undefined)).toBe(true);
    for (const address of ['10.0.0.1', '192.168.1.2', '::ffff:10.0.0.1', 'fe80::1', '1127.0.0.1', undefined])
      expect(mayReadMetrics(from(address), undefined)).toBe(false);
  });

  it('with a token, answers whoever presents it, from anywhere, and no one else', () => {
    const token = 'scrape-token-0123456789';
    expect(mayReadMetrics(from('203.0.113.9', `Bearer ${token}`), token)).toBe(true);
    expect(mayReadMetrics(from('203.0.113.9', `bearer ${token}`), token)).toBe(true);
    expect(mayReadMetrics(from('127.0.0.1'), token)).toBe(false);
    expect(mayReadMetrics(from('127.0.0.1', `Bearer ${token}x`), token)).toBe(false);
    expect(mayReadMetrics(from('127.0.0.1', `Basic ${token}`), token)).toBe(false);
    expect(mayReadMetrics(from('127.0.0.1', 'Bearer '), token)).toBe(false);
  });
});
