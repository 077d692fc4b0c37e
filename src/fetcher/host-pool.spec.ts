import { runWithHostLimits } from './host-pool';

/** A task that stays open until the test releases it, recording how many ran at once. */
function gatedTasks() {
  const running = new Map<string, number>();
  const peaks = { total: 0, perHost: new Map<string, number>() };
  const order: string[] = [];
  const waiting: Array<() => void> = [];
  let total = 0;
  const work = async (item: { host: string; id: number }) => {
    total += 1;
    running.set(item.host, (running.get(item.host) ?? 0) + 1);
    peaks.total = Math.max(peaks.total, total);
    peaks.perHost.set(item.host, Math.max(peaks.perHost.get(item.host) ?? 0, running.get(item.host)!));
    order.push(`${item.host}#${item.id}`);
    await new Promise<void>((resolve) => waiting.push(resolve));
    total -= 1;
    running.set(item.host, running.get(item.host)! - 1);
  };
  const releaseAll = async () => {
    while (waiting.length) {
      waiting.splice(0).forEach((release) => release());
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
  /** Releases tasks as they start until `count` have run and none waits. */
  const releaseUntil = async (count: number) => {
    while (order.length < count || waiting.length) await releaseAll();
  };
  return { work, peaks, order, waiting, releaseAll, releaseUntil };
}

describe('runWithHostLimits', () => {
  it('starts a task whose host had no turn again later, and gives its slot to another host meanwhile', async () => {
    const items = [
      { id: 1, host: 'busy' },
      { id: 2, host: 'free' },
      { id: 3, host: 'free' },
    ];
    const starts: string[] = [];
    let refused = false;
    await runWithHostLimits(
      items,
      (item) => item.host,
      { concurrency: 1, perHost: 1, gapMs: 0 },
      async (item) => {
        starts.push(`${item.host}#${item.id}`);
        if (item.host === 'busy' && !refused) {
          refused = true;
          return { retryInMs: 30 };
        }
      },
    );
    // One slot: the refused task did not keep it while its host was busy; it ran once, after the others.
    expect(starts).toEqual(['busy#1', 'free#2', 'free#3', 'busy#1']);
  });

  it('keeps to the global and per-host limits with many tasks at once', async () => {
    const items = Array.from({ length: 300 }, (_, id) => ({ id, host: `h${id % 7}` }));
    const tasks = gatedTasks();
    const done = runWithHostLimits(
      items,
      (item) => item.host,
      { concurrency: 10, perHost: 2, gapMs: 0 },
      tasks.work,
    );
    await Promise.all([done, tasks.releaseUntil(items.length)]);
    expect(tasks.order).toHaveLength(300);
    expect(tasks.peaks.total).toBe(10);
    expect(Math.max(...tasks.peaks.perHost.values())).toBe(2);
  });

  it('runs as many tasks on one host at once as its limit allows', async () => {
    const items = Array.from({ length: 40 }, (_, id) => ({ id, host: 'only.example' }));
    const tasks = gatedTasks();
    const done = runWithHostLimits(
      items,
      (item) => item.host,
      { concurrency: 8, perHost: 4, gapMs: 0 },
      tasks.work,
    );
    await new Promise((resolve) => setImmediate(resolve));
    expect(tasks.waiting).toHaveLength(4);
    await Promise.all([done, tasks.releaseUntil(items.length)]);
    expect(tasks.order).toHaveLength(40);
    expect(tasks.peaks.perHost.get('only.example')).toBe(4);
  });

  it('lets other hosts proceed while one host hangs', async () => {
    const items = [
      ...Array.from({ length: 5 }, (_, id) => ({ id, host: 'slow' })),
      ...Array.from({ length: 20 }, (_, id) => ({ id, host: `fast${id}` })),
    ];
    const finished: string[] = [];
    let releaseSlow!: () => void;
    const slowGate = new Promise<void>((resolve) => (releaseSlow = resolve));
    const done = runWithHostLimits(
      items,
      (item) => item.host,
      { concurrency: 4, perHost: 1, gapMs: 0 },
      async (item) => {
        if (item.host === 'slow') await slowGate;
        finished.push(item.host);
      },
    );
    while (finished.length < 20) await new Promise((resolve) => setImmediate(resolve));
    expect(finished.filter((host) => host !== 'slow')).toHaveLength(20);
    releaseSlow();
    await done;
    expect(finished).toHaveLength(25);
  });

  it('spaces starts on one host by the gap', async () => {
    const starts: number[] = [];
    await runWithHostLimits(
      [1, 2, 3],
      () => 'one',
      { concurrency: 5, perHost: 5, gapMs: 20 },
      async () => {
        starts.push(Date.now());
      },
    );
    expect(starts).toHaveLength(3);
    for (let index = 1; index < starts.length; index += 1)
      expect(starts[index] - starts[index - 1]).toBeGreaterThanOrEqual(19);
  });

  it("runs a host's gap from when its request left, told by the task, not from when the task began", async () => {
    const events: Array<{ what: string; at: number }> = [];
    const at = () => performance.now();
    await runWithHostLimits(
      [1, 2],
      () => 'one',
      { concurrency: 2, perHost: 2, gapMs: 100 },
      async (item, sent) => {
        events.push({ what: `start ${item}`, at: at() });
        // The first request opens the connection first: it leaves 60 ms after its task began.
        if (item === 1) await new Promise((resolve) => setTimeout(resolve, 60));
        sent();
        events.push({ what: `sent ${item}`, at: at() });
      },
    );
    const when = (what: string) => events.find((event) => event.what === what)!.at;
    expect(when('start 2') - when('sent 1')).toBeGreaterThanOrEqual(100);
  });

  it('finishes at once with nothing to do', async () => {
    await expect(
      runWithHostLimits([], String, { concurrency: 1, perHost: 1, gapMs: 0 }, async () => {}),
    ).resolves.toBeUndefined();
  });
});

describe('runWithHostLimits with refills', () => {
  it('asks for more while fewer than `concurrency` wait, runs them all, and stops at an empty answer', async () => {
    const batches = [[1, 2, 3], [4, 5], [6], []];
    let asked = 0;
    const done: number[] = [];
    await runWithHostLimits(
      [0],
      (item) => `h${item % 3}`,
      { concurrency: 4, perHost: 1, gapMs: 0 },
      async (item) => void done.push(item),
      { more: async () => batches[asked++] },
    );
    expect(done.sort()).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(asked).toBe(4);
  });

  it('keeps the gap of a host across runs that share their memory of starts', async () => {
    const previousStart = performance.now();
    const lastStart = new Map([['h', previousStart]]);
    const started: number[] = [];
    await runWithHostLimits(
      [1],
      () => 'h',
      { concurrency: 1, perHost: 1, gapMs: 200 },
      async () => void started.push(performance.now()),
      { lastStart },
    );
    expect(started[0]).toBeGreaterThanOrEqual(previousStart + 200);
  });

  it('rejects when a refill fails, once the tasks under way have finished', async () => {
    const finished: number[] = [];
    const run = runWithHostLimits(
      [1],
      () => 'h',
      { concurrency: 2, perHost: 2, gapMs: 0 },
      async (item) => void finished.push(item),
      { more: () => Promise.reject(new Error('database down')) },
    );
    await expect(run).rejects.toThrow('database down');
    expect(finished).toEqual([1]);
  });
});
