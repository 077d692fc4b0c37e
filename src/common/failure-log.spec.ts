import { Logger } from '@nestjs/common';
import { FailureLog } from './failure-log';

describe('FailureLog', () => {
  it('says the first failure, then once a minute while it lasts, and when it works again', () => {
    const lines: string[] = [];
    const logger = {
      error: (line: string) => lines.push(`error: ${line}`),
      warn: (line: string) => lines.push(`warn: ${line}`),
    } as unknown as Logger;
    let now = 0;
    const log = new FailureLog('poll-cycle', logger, 'error', () => now);
    for (; now < 90_000; now += 1000) log.failed(new Error('connect ECONNREFUSED'));
    log.succeeded();
    log.succeeded();
    expect(lines).toEqual([
      'error: poll-cycle failed: connect ECONNREFUSED',
      'error: poll-cycle failed: connect ECONNREFUSED (61 failed tries in a row)',
      'warn: poll-cycle works again after 90 failed tries',
    ]);
  });
});
