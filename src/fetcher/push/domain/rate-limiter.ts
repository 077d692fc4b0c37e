/**
 * A token bucket per source (an IP address): `perMinute` pings a minute on average, bursts up to that
 * many. Memory is bounded: past `maxSources`, buckets that have refilled completely are forgotten
 * (they carry no information), and failing that the oldest ones.
 */
export class RateLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    private readonly perMinute: number,
    private readonly maxSources = 50_000,
  ) {}

  allow(source: string, now: Date): boolean {
    const time = now.getTime();
    const bucket = this.buckets.get(source) ?? { tokens: this.perMinute, at: time };
    const refilled = Math.min(this.perMinute, bucket.tokens + ((time - bucket.at) / 60_000) * this.perMinute);
    const allowed = refilled >= 1;
    this.buckets.delete(source);
    this.buckets.set(source, { tokens: allowed ? refilled - 1 : refilled, at: time });
    if (this.buckets.size > this.maxSources) this.evict(time);
    return allowed;
  }

  private evict(time: number): void {
    for (const [source, bucket] of this.buckets) {
      if (bucket.tokens + ((time - bucket.at) / 60_000) * this.perMinute >= this.perMinute)
        this.buckets.delete(source);
    }
    for (const source of this.buckets.keys()) {
      if (this.buckets.size <= this.maxSources) break;
      this.buckets.delete(source);
    }
  }
}
