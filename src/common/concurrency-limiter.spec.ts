import { ConcurrencyLimiter } from './concurrency-limiter';

describe('ConcurrencyLimiter', () => {
  it('runs at most its capacity at once, the rest in arrival order, and survives failures', async () => {
    const limiter = new ConcurrencyLimiter(2);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const gates = Array.from({ length: 5 }, () => {
      let open!: () => void;
      return { promise: new Promise<void>((resolve) => (open = resolve)), open: () => open() };
    });
    const tasks = gates.map((gate, n) =>
      limiter.run(async () => {
        started.push(n);
        running += 1;
        most = Math.max(most, running);
        await gate.promise;
        running -= 1;
        if (n === 1) throw new Error('task 1 failed');
        return n;
      }),
    );
    for (const gate of gates) gate.open();
    const results = await Promise.allSettled(tasks);
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(most).toBe(2);
    expect(results.map((result) => result.status)).toEqual([
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
      'fulfilled',
    ]);
    await expect(limiter.run(async () => 'again')).resolves.toBe('again');
  });
});
