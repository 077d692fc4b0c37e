export interface LimiterOptions {
  limit: number;
  windowMs: number;
  /** Keys tracked at most; beyond it the stalest keys are dropped, so memory stays bounded. */
  maxKeys?: number;
}

/**
 * A sliding-window rate limiter in memory: at most `limit` events per key within any `windowMs`.
 * One process only; several processes need a shared store (a table or Redis) instead.
 */
export class SlidingWindowLimiter {
  private readonly events = new Map<string, number[]>();

  constructor(private readonly options: LimiterOptions) {}

  /** Records one event for the key and says whether it is allowed. Refused attempts are not counted. */
  tryTake(key: string, nowMs: number): boolean {
    const recent = (this.events.get(key) ?? []).filter((at) => at > nowMs - this.options.windowMs);
    if (recent.length >= this.options.limit) {
      this.events.set(key, recent);
      return false;
    }
    recent.push(nowMs);
    this.events.delete(key);
    this.events.set(key, recent);
    this.dropStalest();
    return true;
  }

  get trackedKeys(): number {
    return this.events.size;
  }

  private dropStalest(): void {
    const maxKeys = this.options.maxKeys ?? 100_000;
    for (const key of this.events.keys()) {
      if (this.events.size <= maxKeys) return;
      this.events.delete(key);
    }
  }
}
