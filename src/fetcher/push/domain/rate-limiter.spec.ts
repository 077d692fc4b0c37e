import { RateLimiter } from './rate-limiter';

const t0 = new Date('2026-11-22T10:00:00Z');
const at = (seconds: number) => new Date(t0.getTime() + seconds * 1000);

describe('RateLimiter', () => {
  it('allows a burst of perMinute, then refills at that rate', () => {
    const limiter = new RateLimiter(60);
    const burst = Array.from({ length: 100 }, () => limiter.allow('10.0.0.1', t0));
    expect(burst.filter(Boolean)).toHaveLength(60);
    expect(limiter.allow('10.0.0.1', at(0.5))).toBe(false);
    expect(limiter.allow('10.0.0.1', at(1))).toBe(true);
    expect(limiter.allow('10.0.0.1', at(1))).toBe(false);
  });

  it('counts each source on its own', () => {
    const limiter = new RateLimiter(1);
    expect(limiter.allow('a', t0)).toBe(true);
    expect(limiter.allow('a', t0)).toBe(false);
    expect(limiter.allow('b', t0)).toBe(true);
  });

  it('keeps its memory bounded without freeing a throttled source early', () => {
    const limiter = new RateLimiter(1, 10);
    expect(limiter.allow('noisy', t0)).toBe(true);
    for (let i = 0; i < 5; i++) limiter.allow(`quiet-${i}`, at(-120));
    for (let i = 0; i < 5; i++) limiter.allow(`new-${i}`, t0);
    expect(limiter.allow('noisy', at(1))).toBe(false);
  });
});
