import { SlidingWindowLimiter } from './sliding-window-limiter';

describe('SlidingWindowLimiter', () => {
  it('allows `limit` events per window, then refuses until the oldest leaves the window', () => {
    const limiter = new SlidingWindowLimiter({ limit: 3, windowMs: 1000 });
    expect([0, 100, 200, 300].map((at) => limiter.tryTake('k', at))).toEqual([true, true, true, false]);
    expect(limiter.tryTake('k', 999)).toBe(false);
    expect(limiter.tryTake('k', 1001)).toBe(true);
    expect(limiter.tryTake('k', 1050)).toBe(false);
    expect(limiter.tryTake('other', 1050)).toBe(true);
  });

  it('does not count refused attempts, so hammering does not extend the ban', () => {
    const limiter = new SlidingWindowLimiter({ limit: 1, windowMs: 1000 });
    expect(limiter.tryTake('k', 0)).toBe(true);
    for (let at = 1; at < 1000; at += 10) expect(limiter.tryTake('k', at)).toBe(false);
    expect(limiter.tryTake('k', 1000)).toBe(true);
  });

  it('keeps memory bounded by dropping the stalest keys', () => {
    const limiter = new SlidingWindowLimiter({ limit: 1, windowMs: 60_000, maxKeys: 100 });
    for (let i = 0; i < 10_000; i += 1) limiter.tryTake(`ip-${i}`, i);
    expect(limiter.trackedKeys).toBe(100);
    expect(limiter.tryTake('ip-9999', 10_001)).toBe(false);
  });
});
