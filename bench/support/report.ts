/** Shared output format of every benchmark: `key=value` lines, then the closing summary line. */
export interface BenchResult {
  name: string;
  ours: number;
  baseline: number;
  unit: string;
  /** Throughputs (items/s) are better higher; durations (ms) are better lower. */
  higherIsBetter: boolean;
  extra?: Record<string, string | number>;
}

export function reportBench(result: BenchResult): void {
  for (const [key, value] of Object.entries(result.extra ?? {})) {
    console.log(`${key}=${typeof value === 'number' ? round(value) : value}`);
  }
  const speedup = result.higherIsBetter ? result.ours / result.baseline : result.baseline / result.ours;
  console.log(
    `${result.name} speedup=${round(speedup)} ours=${round(result.ours)} baseline=${round(result.baseline)} unit=${result.unit}`,
  );
}

/** Peak resident memory of this process so far, in MiB. */
export function peakMemoryMiB(): number {
  return process.resourceUsage().maxRSS / 1024;
}

export async function timeMs(work: () => unknown | Promise<unknown>): Promise<number> {
  const start = process.hrtime.bigint();
  await work();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
