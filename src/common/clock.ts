import { Injectable } from '@nestjs/common';

/** The only source of "now" for services; tests and `--at` replace it. */
@Injectable()
export class Clock {
  now(): Date {
    return new Date();
  }

  /** Resolves at that instant (at once when it has passed), or as soon as `signal` aborts. */
  sleepUntil(instant: Date, signal?: AbortSignal): Promise<void> {
    const ms = instant.getTime() - this.now().getTime();
    if (ms <= 0 || signal?.aborted) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      signal?.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
    });
  }
}
