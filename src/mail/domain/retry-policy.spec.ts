import { classifySendFailure, isAddressFailure, jittered, MAX_ATTEMPTS, retryDelayMs } from './retry-policy';

const now = new Date('2026-11-22T10:00:00Z');
const at = (iso: string) => new Date(iso);

describe('classifySendFailure', () => {
  it('defers 4xx replies with growing, jittered delays; a 421 says the domain closed its door', () => {
    expect(classifySendFailure({ responseCode: 451, response: '451 4.7.1 Greylisted' }, 1, now, 0.5)).toEqual(
      {
        kind: 'retry',
        retryAt: at('2026-11-22T10:01:00Z'),
        reason: 'deferred: 451 4.7.1 Greylisted',
        signal: 'deferral',
        isMaybeSent: false,
      },
    );
    expect(classifySendFailure({ responseCode: 452 }, 3, now, 0)).toMatchObject({
      retryAt: at('2026-11-22T10:03:12Z'),
      signal: 'deferral',
    });
    expect(
      classifySendFailure({ responseCode: 421, response: '421 4.7.0 Try again later' }, 1, now, 0.99),
    ).toMatchObject({
      kind: 'retry',
      signal: 'closing',
      reason: 'deferred: 421 4.7.0 Try again later',
    });
  });

  it('resends a message the server may have kept, with the same Message-ID, and says so', () => {
    const lost = { code: 'ECONNECTION', message: 'Connection closed unexpectedly', isMaybeSent: true };
    expect(classifySendFailure(lost, 1, now, 0.5)).toEqual({
      kind: 'retry',
      retryAt: at('2026-11-22T10:01:00Z'),
      reason:
        'maybe sent: the connection was lost after the server accepted DATA (ECONNECTION: Connection closed unexpectedly); resending with the same Message-ID',
      signal: 'deferral',
      isMaybeSent: true,
    });
    expect(classifySendFailure({ code: 'ECONNREFUSED', phase: 'connect' }, 1, now, 0.5)).toMatchObject({
      reason: 'could not reach the SMTP server (ECONNREFUSED)',
      isMaybeSent: false,
    });
    expect(classifySendFailure({ ...lost, isMaybeSent: false }, 1, now, 0.5)).toMatchObject({
      reason: 'connection lost before the message was sent (ECONNECTION: Connection closed unexpectedly)',
      isMaybeSent: false,
    });
  });

  it('fails a 5xx at once, and anything at the last attempt', () => {
    expect(classifySendFailure({ responseCode: 550, response: '550 5.1.1 No such user' }, 1, now, 0)).toEqual(
      {
        kind: 'failed',
        reason: '550 5.1.1 No such user',
        isAddressFailure: true,
      },
    );
    expect(
      classifySendFailure({ responseCode: 552, response: '552 5.3.4 Message too big' }, 1, now, 0),
    ).toEqual({
      kind: 'failed',
      reason: '552 5.3.4 Message too big',
      isAddressFailure: false,
    });
    expect(classifySendFailure({ responseCode: 421 }, MAX_ATTEMPTS, now, 0)).toMatchObject({
      kind: 'failed',
      reason: `gave up after ${MAX_ATTEMPTS} attempts: unknown failure`,
    });
  });

  it('caps the delay at six hours and spreads it by ±20 %', () => {
    expect(retryDelayMs(30)).toBe(6 * 60 * 60_000);
    expect(jittered(60_000, 0)).toBe(48_000);
    expect(jittered(60_000, 0.999_999)).toBe(72_000);
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
