import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { scratchDirectory } from '../support/scratch-directory';

const MIB = 2 ** 20;
const startupConfig = join(__dirname, '..', '..', 'dist', 'src', 'startup-config.js');

/**
 * A process started as every Tidings process starts (`loadStartupConfig`, with this setting)
 * that keeps ~130 MiB in use while it makes garbage that lives long enough to reach the old generation
 * (a rolling window of recent objects, as a worker's batches do); it prints its peak heap and what is
 * still in use after a full collection.
 */
async function heapOf(setting: { HEAP_GROWTH_PERCENT?: string }): Promise<{ peak: number; live: number }> {
  const program = `
    const v8 = require('node:v8');
    require(${JSON.stringify(startupConfig)}).loadStartupConfig(
      { ...${JSON.stringify(setting)}, SECRET_KEY: 'k'.repeat(32), DATABASE_URL: 'mysql://u@127.0.0.1/t' },
      ${JSON.stringify(scratchDirectory())},
    );
    const kept = Array.from({ length: 300000 }, (_, i) => ({ i, text: 'x'.repeat(150) + i }));
    const recent = [];
    let peak = 0;
    for (let batch = 0; batch < 200; batch++) {
      recent.push(Array.from({ length: 20000 }, (_, i) => ({ batch, text: 'y'.repeat(100) + i })));
      if (recent.length > 5) recent.shift();
      peak = Math.max(peak, v8.getHeapStatistics().total_heap_size);
    }
    globalThis.gc();
    process.stdout.write(JSON.stringify({ peak, live: v8.getHeapStatistics().used_heap_size, kept: kept.length }));
  `;
  const { stdout } = await promisify(execFile)(process.execPath, ['--expose-gc', '-e', program]);
  return JSON.parse(stdout);
}

describe('HEAP_GROWTH_PERCENT', () => {
  it('keeps a process heap near what it uses, where Node alone lets it grow to four times', async () => {
    const byDefault = await heapOf({});
    const nodeAlone = await heapOf({ HEAP_GROWTH_PERCENT: '0' });
    const lower = await heapOf({ HEAP_GROWTH_PERCENT: '50' });
    for (const run of [byDefault, nodeAlone, lower]) expect(run.live).toBeGreaterThan(100 * MIB);
    // Measured: 412, 760 and 327 MiB with 133 MiB in use.
    expect(byDefault.peak).toBeLessThan(nodeAlone.peak * 0.7);
    expect(lower.peak).toBeLessThan(byDefault.peak - 40 * MIB);
  });
});
