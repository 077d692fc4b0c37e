import { Injectable } from '@nestjs/common';

/** The only source of "now" for services; tests and `--at` replace it. */
@Injectable()
export class Clock {
  now(): Date {
    return new Date();
  }

  /** Resolves at that instant (at once when it has passed): a send waiting for its turn under a rate. */
  sleepUntil(instant: Date): Promise<void> {
    const ms = instant.getTime() - this.now().getTime();
    return ms <= 0 ? Promise.resolve() : new Promise((resolve) => setTimeout(resolve, ms));
  }
}
