import { classifySendError, isAddressFailure, MAX_ATTEMPTS, retryDelayMs } from './retry-policy';

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

describe('isAddressFailure', () => {
  it.each([
    [{ responseCode: 550, response: '550 No such user' }, true],
    [{ responseCode: 553 }, true],
    [{ responseCode: 554, response: '554 5.1.1 mailbox unknown' }, true],
    [{ responseCode: 554, response: '554 5.7.1 message content rejected' }, false],
    [{ responseCode: 552 }, false],
    [{ responseCode: 451 }, false],
    [{ code: 'ECONNRESET' }, false],
  ])('%j → %s', (error, expected) => {
    expect(isAddressFailure(error)).toBe(expected);
  });
});
