export interface HostLimits {
  /** Tasks running at once, all hosts together. */
  concurrency: number;
  /** Tasks running at once against one host. */
  perHost: number;
  /** Least time between two task starts against one host. */
  gapMs: number;
}

/**
 * Runs every task under a global and a per-host limit, with a minimum gap between starts on one host.
 * Tasks of a busy host wait in that host's queue while other hosts proceed, so one slow host never holds
 * up the rest. Tasks must not reject (each records its own outcome).
 */
export function runWithHostLimits<T>(
  items: readonly T[],
  hostOf: (item: T) => string,
  limits: HostLimits,
  work: (item: T) => Promise<void>,
): Promise<void> {
  const queues = new Map<string, T[]>();
  for (const item of items) {
    const host = hostOf(item);
    const queue = queues.get(host);
    if (queue) queue.push(item);
    else queues.set(host, [item]);
  }
  const active = new Map<string, number>();
  const lastStart = new Map<string, number>();
  let running = 0;
  let timer: NodeJS.Timeout | undefined;

  return new Promise<void>((resolve) => {
    const start = (host: string, queue: T[]) => {
      const item = queue.shift()!;
      if (queue.length === 0) queues.delete(host);
      running += 1;
      active.set(host, (active.get(host) ?? 0) + 1);
      lastStart.set(host, Date.now());
      void work(item).finally(() => {
        running -= 1;
        active.set(host, active.get(host)! - 1);
        pump();
      });
    };
    const pump = () => {
      clearTimeout(timer);
      let soonest = Infinity;
      for (const [host, queue] of queues) {
        if (running >= limits.concurrency) break;
        if ((active.get(host) ?? 0) >= limits.perHost) continue;
        const wait = (lastStart.get(host) ?? -Infinity) + limits.gapMs - Date.now();
        if (wait > 0) soonest = Math.min(soonest, wait);
        else start(host, queue);
      }
      if (queues.size === 0 && running === 0) resolve();
      else if (soonest < Infinity && running < limits.concurrency) timer = setTimeout(pump, soonest);
    };
    pump();
  });
}

/** A uniformly random order (Fisher–Yates), so that no feed is always first or always last in a cycle. */
export function shuffled<T>(items: readonly T[], random: () => number = Math.random): T[] {
  const copy = [...items];
  for (let index = copy.length - 1; index > 0; index -= 1) {
    const other = Math.floor(random() * (index + 1));
    [copy[index], copy[other]] = [copy[other], copy[index]];
  }
  return copy;
}
