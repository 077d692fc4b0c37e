import { pollOrder } from './poll-order';

const hostOf = (feed: string) => feed.split('/')[0];

/** A deterministic source of numbers in [0, 1) (a linear congruential generator). */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

describe('pollOrder', () => {
  const feeds = ['a/1', 'b/1', 'a/2', 'c/1', 'a/3', 'b/2'];

  it('offers every host once before any host twice, each host’s feeds in their due order', () => {
    const order = pollOrder(feeds, hostOf, seeded(7));
    expect([...order].sort()).toEqual([...feeds].sort());
    expect(new Set(order.slice(0, 3).map(hostOf))).toEqual(new Set(['a', 'b', 'c']));
    expect(new Set(order.slice(3, 5))).toEqual(new Set(['a/2', 'b/2']));
    expect(order[5]).toBe('a/3');
  });

  it('offers the hosts with the most due feeds first within a wave, those with as many at random', () => {
    const firsts = Array.from({ length: 20 }, (_, seed) => pollOrder(feeds, hostOf, seeded(seed)));
    // a has 3 feeds, b 2, c 1: a's chain of gaps is the longest.
    expect(new Set(firsts.map((order) => order.slice(0, 3).join(' ')))).toEqual(new Set(['a/1 b/1 c/1']));
    const alike = ['x/1', 'y/1', 'z/1', 'x/2', 'y/2', 'z/2'];
    const alikeFirsts = new Set(
      Array.from({ length: 20 }, (_, seed) => pollOrder(alike, hostOf, seeded(seed))[0]),
    );
    expect(alikeFirsts).toEqual(new Set(['x/1', 'y/1', 'z/1']));
  });

  it('goes through 5,000 feeds of 2,000 hosts in three waves of whole hosts', () => {
    const many = Array.from({ length: 5000 }, (_, index) => `${index % 2000}/${index}`);
    const order = pollOrder(many, hostOf, seeded(1));
    const hostsOf = (slice: string[]) => slice.map(hostOf).sort();
    const everyHost = Array.from({ length: 2000 }, (_, index) => String(index)).sort();
    expect(hostsOf(order.slice(0, 2000))).toEqual(everyHost);
    // The 1,000 hosts with a third feed lead each wave.
    expect(order.slice(0, 1000).every((feed) => Number(hostOf(feed)) < 1000)).toBe(true);
    expect(hostsOf(order.slice(2000, 4000))).toEqual(everyHost);
    expect(
      order
        .slice(4000)
        .map((feed) => Number(feed.split('/')[1]))
        .sort((a, b) => a - b),
    ).toEqual(Array.from({ length: 1000 }, (_, index) => 4000 + index));
  });
});
