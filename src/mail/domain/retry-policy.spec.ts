import { classifySendError, MAX_ATTEMPTS, retryDelayMs } from './retry-policy';

const now = new Date('2026-11-22T10:00:00Z');

describe('classifySendError', () => {
  it('retries temporary failures and dropped connections with growing delays', () => {
    expect(classifySendError({ responseCode: 451 }, 1, now)).toEqual({
      kind: 'retry',
      retryAt: new Date('2026-11-22T10:01:00Z'),
    });
    expect(classifySendError({ code: 'ECONNRESET' }, 3, now)).toEqual({
      kind: 'retry',
      retryAt: new Date('2026-11-22T10:04:00Z'),
    });
  });

  it('gives up on 5xx at once and on anything after the last attempt', () => {
    expect(classifySendError({ responseCode: 550 }, 1, now)).toEqual({ kind: 'permanent' });
    expect(classifySendError({ responseCode: 421 }, MAX_ATTEMPTS, now)).toEqual({ kind: 'permanent' });
  });

  it('caps the delay at six hours', () => {
    expect(retryDelayMs(30)).toBe(6 * 60 * 60_000);
  });
});
