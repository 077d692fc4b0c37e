import { Injectable } from '@nestjs/common';
import { setMaxListeners } from 'node:events';

/**
 * Raised once when `serve` is asked to stop (SIGTERM, SIGINT): from then on no new work is taken (no
 * claims, no new polls, no new digests) while the work in hand finishes.
 */
@Injectable()
export class ShutdownSignal {
  private readonly controller = new AbortController();

  constructor() {
    // Every wait that ends early on stopping listens while it waits (a send waiting for its domain's
    // pace, a poll's host gap): more than ten at once is normal, and each removes itself on waking
    // (`Clock.sleepUntil`), so Node's leak warning would only cry wolf.
    setMaxListeners(Infinity, this.controller.signal);
  }

  /** Aborted when stopping begins: waits that should end early listen to it. */
  get signal(): AbortSignal {
    return this.controller.signal;
  }

  get isStopping(): boolean {
    return this.controller.signal.aborted;
  }

  begin(): void {
    this.controller.abort();
  }
}
