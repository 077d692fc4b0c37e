/**
 * At most `messages` sends per `perMs`, spaced evenly (one every perMs / messages): a provider that
 * allows 20 a second sees one every 50 ms, never a burst of 20 then silence. Times in ms.
 */
export class RateSpacing {
  readonly intervalMs: number;
  private nextStart = 0;

  constructor(messages: number, perMs: number) {
    this.intervalMs = perMs / messages;
  }

  /** The earliest instant the next send may start. */
  startAt(now: number): number {
    return Math.max(now, this.nextStart);
  }

  /** Records a send starting at `now`. */
  take(now: number): void {
    this.nextStart = Math.max(now, this.nextStart) + this.intervalMs;
  }
}
