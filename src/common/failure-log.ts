import { Logger } from '@nestjs/common';

const REPEAT_MS = 60_000;

/**
 * The log lines of work that fails again and again for one cause (the database down for minutes):
 * the first failure, then at most one line a minute while it keeps failing (with how many times), and
 * one line when it works again, instead of a line at every try.
 */
export class FailureLog {
  private failures = 0;
  private lastLineAt = 0;
  private lastFailureAt = 0;

  constructor(
    private readonly what: string,
    private readonly logger: Logger,
    private readonly level: 'error' | 'warn' = 'error',
    private readonly now: () => number = Date.now,
  ) {}

  failed(error: unknown): void {
    const now = this.now();
    // Without `succeeded` (nothing tells it), a minute without failures ends the series.
    if (now - this.lastFailureAt > REPEAT_MS) this.failures = 0;
    this.lastFailureAt = now;
    this.failures += 1;
    if (this.failures > 1 && now - this.lastLineAt < REPEAT_MS) return;
    this.lastLineAt = now;
    const times = this.failures > 1 ? ` (${this.failures} failed tries in a row)` : '';
    this.logger[this.level](`${this.what} failed: ${messageOf(error)}${times}`);
  }

  succeeded(): void {
    if (this.failures === 0) return;
    const tries = this.failures === 1 ? '1 failed try' : `${this.failures} failed tries`;
    this.logger.warn(`${this.what} works again after ${tries}`);
    this.failures = 0;
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
