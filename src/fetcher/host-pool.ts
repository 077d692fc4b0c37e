export interface HostLimits {
  /** Tasks running at once, all hosts together. */
  concurrency: number;
  /** Tasks running at once against one host. */
  perHost: number;
  /** Least time between two task starts against one host. */
  gapMs: number;
}

export interface HostPoolOptions<T> {
  /**
   * More items, asked for whenever fewer than `concurrency` wait (a poll cycle claims its feeds a few at
   * a time, so that other workers get the rest); an empty answer means there are no more.
   */
  more?: () => Promise<T[]>;
  /**
   * When each host last saw a request (`performance.now()`): pass the same map to later runs so the gap
   * holds across them.
   */
  lastStart?: Map<string, number>;
  /** `more` is asked for when fewer items than this wait (default: `concurrency`). */
  refillBelow?: number;
}

/** A task's answer that its host had no turn for it (another process's requests, the shared gap): start it again later. */
export interface TryLater {
  retryInMs: number;
}

/**
 * Runs every task under a global and a per-host limit, with a minimum gap between starts on one host,
 * counted from when each task's request really left: a task calls `sent` then (a first request to a host
 * opens its connection first, and left 50 ms after its task began while the next, on that connection, left
 * at once: 951 ms apart on the wire with a gap of 1,000). Until it does, its gap runs from its start.
 * Tasks of a busy host wait in that host's queue while other hosts proceed, so one slow host never holds
 * up the rest. A task that answers `TryLater` (its host had no turn across processes) goes back to the
 * front of its host's queue, started again no sooner than it said, and its slot serves other hosts
 * meanwhile. Tasks must not reject (each records its own outcome); a failing `more` stops the refills
 * and rejects the run once the tasks under way have finished.
 */
export function runWithHostLimits<T>(
  items: readonly T[],
  hostOf: (item: T) => string,
  limits: HostLimits,
  work: (item: T, sent: () => void) => Promise<void | TryLater>,
  options: HostPoolOptions<T> = {},
): Promise<void> {
  const queues = new Map<string, T[]>();
  let queued = 0;
  const add = (more: readonly T[]) => {
    for (const item of more) {
      const host = hostOf(item);
      const queue = queues.get(host);
      if (queue) queue.push(item);
      else queues.set(host, [item]);
    }
    queued += more.length;
  };
  add(items);
  const active = new Map<string, number>();
  const lastStart = options.lastStart ?? new Map<string, number>();
  /** Hosts that had no turn across processes: not before then. */
  const notBefore = new Map<string, number>();
  const refillBelow = options.refillBelow ?? limits.concurrency;
  let running = 0;
  let timer: NodeJS.Timeout | undefined;
  let hasMore = Boolean(options.more);
  let refilling = false;
  let refillError: unknown = null;

  return new Promise<void>((resolve, reject) => {
    const start = (host: string, queue: T[]) => {
      const item = queue.shift()!;
      if (queue.length === 0) queues.delete(host);
      queued -= 1;
      running += 1;
      active.set(host, (active.get(host) ?? 0) + 1);
      const previousStart = lastStart.get(host);
      const startedAt = performance.now();
      lastStart.set(host, startedAt);
      const sent = () => lastStart.set(host, Math.max(lastStart.get(host)!, performance.now()));
      const ended = (later: void | TryLater) => {
        running -= 1;
        active.set(host, active.get(host)! - 1);
        if (later) {
          // Not a start after all: the host's gap counts from its last real one.
          if (lastStart.get(host) === startedAt) {
            if (previousStart === undefined) lastStart.delete(host);
            else lastStart.set(host, previousStart);
          }
          notBefore.set(host, performance.now() + later.retryInMs);
          const waiting = queues.get(host);
          if (waiting) waiting.unshift(item);
          else queues.set(host, [item]);
          queued += 1;
        }
        pump();
      };
      void work(item, sent).then(ended, () => ended());
    };
    const refill = () => {
      refilling = true;
      options.more!().then(
        (more) => {
          refilling = false;
          if (more.length === 0) hasMore = false;
          add(more);
          pump();
        },
        (error: unknown) => {
          refilling = false;
          hasMore = false;
          refillError = error;
          pump();
        },
      );
    };
    const pump = () => {
      clearTimeout(timer);
      if (hasMore && !refilling && queued < refillBelow) refill();
      let soonest = Infinity;
      for (const [host, queue] of queues) {
        if (running >= limits.concurrency) break;
        // As many as the host's limit allows: one start per host and pump kept a host with many feeds
        // at one request at a time, whatever FETCH_PER_HOST said.
        while (queues.has(host) && running < limits.concurrency && (active.get(host) ?? 0) < limits.perHost) {
          const wait =
            Math.max((lastStart.get(host) ?? -Infinity) + limits.gapMs, notBefore.get(host) ?? -Infinity) -
            performance.now();
          if (wait > 0) {
            soonest = Math.min(soonest, wait);
            break;
          }
          start(host, queue);
        }
      }
      if (queues.size === 0 && running === 0 && !refilling && !hasMore) {
        if (refillError) reject(refillError);
        else resolve();
      } else if (soonest < Infinity && running < limits.concurrency) timer = setTimeout(pump, soonest);
    };
    pump();
  });
}
