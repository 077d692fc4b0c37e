import {
  afterFailure,
  afterSuccess,
  DEFERRALS_BEFORE_HOLD,
  FRESH_DOMAIN,
  tryLaterMs,
} from './domain-backoff';
import { domainOf } from './email-domain';
import { RateSpacing } from './rate-spacing';

const now = Date.parse('2026-11-22T10:00:00Z');
const MINUTE = 60_000;

describe('domain back-off', () => {
  it('holds a domain at once on a 421, for as long as it asked', () => {
    const held = afterFailure(FRESH_DOMAIN, 'closing', '421 4.7.0 Try again in 10 minutes', now, 0.5);
    expect(held).toEqual({
      failuresInARow: 0,
      holdsInARow: 1,
      heldUntil: now + 10 * MINUTE,
      holdReason: '421 4.7.0 Try again in 10 minutes',
    });
  });

  it('holds for a jittered back-off that doubles with each hold in a row when the server names no time', () => {
    const first = afterFailure(FRESH_DOMAIN, 'closing', '421 4.7.0 Try again later', now, 0.5);
    expect(first.heldUntil).toBe(now + MINUTE);
    const second = afterFailure(first, 'closing', '421 4.7.0 Try again later', first.heldUntil, 0.5);
    expect(second.heldUntil).toBe(first.heldUntil + 2 * MINUTE);
    expect(afterFailure(first, 'closing', undefined, first.heldUntil, 0).heldUntil).toBe(
      first.heldUntil + 96_000,
    );
    expect(afterFailure(first, 'closing', '421 try again in 9 hours', now + 1000, 0.5)).toBe(first);
    const calm = afterSuccess(second);
    expect(calm.holdsInARow).toBe(0);
    expect(afterFailure(calm, 'closing', undefined, now, 0.5).heldUntil).toBe(second.heldUntil);
  });

  it('holds after three deferrals in a row, and a success in between starts the count again', () => {
    let state = FRESH_DOMAIN;
    for (let n = 1; n < DEFERRALS_BEFORE_HOLD; n += 1) {
      state = afterFailure(state, 'deferral', '451 4.7.1 Greylisted', now, 0.5);
      expect(state.heldUntil).toBe(0);
    }
    expect(afterFailure(afterSuccess(state), 'deferral', undefined, now, 0.5).heldUntil).toBe(0);
    const held = afterFailure(state, 'deferral', '451 4.7.1 Greylisted', now, 0.5);
    expect(held).toMatchObject({ heldUntil: now + MINUTE, holdReason: '3 temporary failures in a row' });
  });

  it.each([
    ['421 4.7.0 Try again in 5 minutes', 5 * MINUTE],
    ['421 Too many connections, retry after 300 seconds', 300_000],
    ['421 4.7.28 try again in 2 hours', 2 * 60 * MINUTE],
    ['421 4.7.0 try again in 99999 hours', 24 * 60 * MINUTE],
    ['421 4.7.0 Try again later, closing connection', null],
    [undefined, null],
  ])('reads how long %j asks to wait', (response, ms) => {
    expect(tryLaterMs(response)).toBe(ms);
  });
});

describe('RateSpacing', () => {
  it('spaces sends evenly at the rate', () => {
    const rate = new RateSpacing(20, 1000);
    expect(rate.startAt(now)).toBe(now);
    rate.take(now);
    expect(rate.startAt(now)).toBe(now + 50);
    rate.take(now + 50);
    expect(rate.startAt(now + 10)).toBe(now + 100);
    expect(rate.startAt(now + 500)).toBe(now + 500);
  });
});

describe('domainOf', () => {
  it('lower-cases the part after the last @', () => {
    expect(domainOf('Reader@GMail.com')).toBe('gmail.com');
    expect(domainOf('"a@b"@example.org')).toBe('example.org');
  });
});
