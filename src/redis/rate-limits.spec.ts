import { Logger } from '@nestjs/common';
import { Clock } from '../common/clock';
import { RedisConnection } from './redis-connection';
import { RateLimits } from './rate-limits';

class MovableClock extends Clock {
  at = new Date('2026-11-25T12:00:00Z');
  override now(): Date {
    return this.at;
  }
}

/** One event per key a minute, counted at the instant given. */
function oncePerMinute() {
  const last = new Map<string, number>();
  return (key: string, now: Date) => {
    if (now.getTime() - (last.get(key) ?? -Infinity) < 60_000) return false;
    last.set(key, now.getTime());
    return true;
  };
}

describe('RateLimits', () => {
  it('counts in this process at the app clock without REDIS_URL', async () => {
    const clock = new MovableClock();
    const limit = new RateLimits(new RedisConnection(undefined), clock).create({
      name: 'test',
      what: 'test limits',
      points: 1,
      windowMs: 60_000,
      local: oncePerMinute(),
    });
    expect([await limit.tryTake('a'), await limit.tryTake('a'), await limit.tryTake('b')]).toEqual([
      true,
      false,
      true,
    ]);
    clock.at = new Date(clock.at.getTime() + 60_000);
    expect(await limit.tryTake('a')).toBe(true);
  });

  it('falls back to this process while Redis is unreachable, with one warning line', async () => {
    const warnings: string[] = [];
    const logger = { warn: (line: string) => warnings.push(line) } as unknown as Logger;
    const redis = new RedisConnection('redis://127.0.0.1:1', logger);
    try {
      const limit = new RateLimits(redis, new MovableClock()).create({
        name: 'test',
        what: 'test limits',
        points: 1,
        windowMs: 60_000,
        local: oncePerMinute(),
      });
      expect([await limit.tryTake('a'), await limit.tryTake('a')]).toEqual([true, false]);
      expect(warnings).toEqual([
        expect.stringMatching(/^Redis unreachable .*: test limits held by this process alone/),
      ]);
    } finally {
      redis.client!.disconnect();
    }
  });
});
