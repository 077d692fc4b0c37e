/** Runs at most `capacity` tasks at once; the others wait for their turn, first come first served. */
export class ConcurrencyLimiter {
  private active = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly capacity: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active < this.capacity) this.active += 1;
    else await new Promise<void>((turn) => this.waiting.push(turn));
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.active -= 1;
    }
  }
}
