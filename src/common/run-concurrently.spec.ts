import { runConcurrently } from './run-concurrently';

describe('runConcurrently', () => {
  it('visits every item once with at most `limit` at a time', async () => {
    let running = 0;
    let peak = 0;
    const seen: number[] = [];
    await runConcurrently([...Array(50).keys()], 4, async (item) => {
      running += 1;
      peak = Math.max(peak, running);
      await new Promise((resolve) => setImmediate(resolve));
      seen.push(item);
      running -= 1;
    });
    expect(seen.sort((a, b) => a - b)).toEqual([...Array(50).keys()]);
    expect(peak).toBe(4);
  });

  it('does nothing for no items and reports a failure', async () => {
    await expect(runConcurrently([], 3, async () => undefined)).resolves.toBeUndefined();
    await expect(
      runConcurrently([1, 2], 2, async (item) => {
        if (item === 2) throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
  });
});
