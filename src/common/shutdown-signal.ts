import { Injectable } from '@nestjs/common';

/**
 * Raised once when `serve` is asked to stop (SIGTERM, SIGINT): from then on no new work is taken (no
 * claims, no new polls, no new digests) while the work in hand finishes.
 */
@Injectable()
export class ShutdownSignal {
  private readonly controller = new AbortController();

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
