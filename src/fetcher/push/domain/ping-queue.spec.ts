import { PingQueue } from './ping-queue';

const t0 = new Date('2026-11-22T10:00:00Z');
const at = (seconds: number) => new Date(t0.getTime() + seconds * 1000);

function drain(queue: PingQueue, now: Date): string[] {
  const taken: string[] = [];
  for (let feedId = queue.take(now); feedId; feedId = queue.take(now)) {
    taken.push(feedId);
    queue.done(feedId, now);
  }
  return taken;
}

describe('PingQueue', () => {
  it('serves pinged feeds first in, first out', () => {
    const queue = new PingQueue(60_000);
    for (const feed of ['c', 'a', 'b']) expect(queue.enqueue(feed, t0)).toBe('queued');
    expect(drain(queue, t0)).toEqual(['c', 'a', 'b']);
    expect(queue.take(t0)).toBeNull();
  });

  it('absorbs a thousand pings for a waiting feed into one fetch', () => {
    const queue = new PingQueue(60_000);
    const outcomes = Array.from({ length: 1000 }, (_, i) => queue.enqueue('feed', at(i * 0.059)));
    expect(outcomes[0]).toBe('queued');
    expect(new Set(outcomes.slice(1))).toEqual(new Set(['coalesced']));
    expect(drain(queue, at(59))).toEqual(['feed']);
    expect(drain(queue, at(200))).toEqual([]);
  });

  it('gives pings during a fetch or its window one trailing fetch when the window closes', () => {
    const queue = new PingQueue(60_000);
    queue.enqueue('feed', t0);
    expect(queue.take(t0)).toBe('feed');
    expect(queue.enqueue('feed', at(1))).toBe('deferred');
    queue.done('feed', at(2));
    expect(queue.enqueue('feed', at(30))).toBe('coalesced');
    expect(drain(queue, at(61))).toEqual([]);
    expect(drain(queue, at(62))).toEqual(['feed']);
    expect(queue.enqueue('feed', at(200))).toBe('queued');
  });

  it('puts a feed already fetched out of its window straight back in the lane', () => {
    const queue = new PingQueue(60_000);
    queue.enqueue('a', t0);
    drain(queue, t0);
    expect(queue.enqueue('a', at(61))).toBe('queued');
  });

  it('refuses new feeds beyond its capacity and forgets idle ones', () => {
    const queue = new PingQueue(1000, 3);
    for (const feed of ['a', 'b', 'c']) queue.enqueue(feed, t0);
    expect(queue.enqueue('d', t0)).toBe('full');
    drain(queue, t0);
    expect(queue.enqueue('d', at(5))).toBe('queued');
    expect(queue.size).toBe(1);
  });
});
