/**
 * The ping coalescing of a process that polls nothing (a web node, or any node while Redis is away):
 * it marks a pinged feed due in the database for the workers' next cycle. The first ping of a window
 * makes the feed due now; later ones within `windowMs` make it due when the window ends (the one
 * trailing fetch `PingQueue` owes too). So a burst of pings costs one fetch now and at most one after.
 */
export class PingMarks {
  /** When each feed's window began, oldest first. */
  private readonly windowStarts = new Map<string, number>();

  constructor(private readonly windowMs: number) {}

  /** From when the feed should be due, for a ping received at `now` (ms). */
  dueAt(feedId: string, now: number): number {
    const start = this.windowStart(feedId, now);
    if (start !== undefined) return start + this.windowMs;
    this.windowStarts.set(feedId, now);
    return now;
  }

  /** How long until the feed's window ends, in ms (0 when no ping marked it lately). */
  windowLeft(feedId: string, now: number): number {
    const start = this.windowStart(feedId, now);
    return start === undefined ? 0 : start + this.windowMs - now;
  }

  private windowStart(feedId: string, now: number): number | undefined {
    for (const [oldest, start] of this.windowStarts) {
      if (start + this.windowMs > now) break;
      this.windowStarts.delete(oldest);
    }
    return this.windowStarts.get(feedId);
  }
}
