import { Injectable } from '@nestjs/common';

/** The only source of "now" for services; tests and `--at` replace it. */
@Injectable()
export class Clock {
  now(): Date {
    return new Date();
  }

  /**
   * Resolves at that instant (at once when it has passed), or as soon as `signal` aborts. Its listener
   * leaves the signal when it wakes: every paced send of a process sleeps on the one shutdown signal,
   * and listeners left behind grew without end (`MaxListenersExceededWarning` in workers).
   */
  sleepUntil(instant: Date, signal?: AbortSignal): Promise<void> {
    const ms = instant.getTime() - this.now().getTime();
    if (ms <= 0 || signal?.aborted) return Promise.resolve();
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      signal?.addEventListener('abort', wake, { once: true });
    });
  }
}
