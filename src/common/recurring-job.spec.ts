import { Logger } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { RecurringJob } from './recurring-job';

describe('RecurringJob', () => {
  const registry = new SchedulerRegistry();
  const errors: string[] = [];
  const warnings: string[] = [];
  const logger = {
    error: (message: string) => errors.push(message),
    warn: (message: string) => warnings.push(message),
  } as unknown as Logger;

  afterEach(() => {
    for (const name of registry.getIntervals()) registry.deleteInterval(name);
  });

  it('runs at start and on each tick, never two runs at once, and survives a failure', async () => {
    let runs = 0;
    let concurrent = 0;
    let maxConcurrent = 0;
    const job = new RecurringJob(
      'test-job',
      async () => {
        runs += 1;
        concurrent += 1;
        maxConcurrent = Math.max(maxConcurrent, concurrent);
        await new Promise((resolve) => setTimeout(resolve, 15));
        concurrent -= 1;
        if (runs === 1) throw new Error('first run broke');
      },
      logger,
    );
    job.start(registry, 5);
    await new Promise((resolve) => setTimeout(resolve, 120));
    await job.stop();
    const runsBeforeStop = runs;
    // The interval still ticks (the registry clears it later, at shutdown), but starts nothing.
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(runs).toBe(runsBeforeStop);
    expect(runs).toBeGreaterThan(2);
    expect(maxConcurrent).toBe(1);
    expect(errors).toEqual(['test-job failed: first run broke']);
    expect(warnings).toEqual(['test-job works again after 1 failed try']);
  });
});
