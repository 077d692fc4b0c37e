import { freshnessMs, isBotChallenge, retryAfterUntil } from './response-hints';

const now = new Date('2026-11-22T10:00:00Z');

describe('retryAfterUntil', () => {
  it('reads delay-seconds', () => {
    expect(retryAfterUntil('120', now)).toEqual(new Date('2026-11-22T10:02:00Z'));
  });
  it('reads an HTTP date', () => {
    expect(retryAfterUntil('Sun, 22 Nov 2026 13:00:00 GMT', now)).toEqual(new Date('2026-11-22T13:00:00Z'));
  });
  it.each([undefined, '', 'soon', '-5', '1.5e9'])('ignores %j', (value) => {
    expect(retryAfterUntil(value, now)).toBeNull();
  });
});

describe('freshnessMs', () => {
  it('prefers max-age over Expires', () => {
    expect(
      freshnessMs({ cacheControl: 'public, max-age=7200', expires: 'Sun, 22 Nov 2026 11:00:00 GMT' }, now),
    ).toBe(7_200_000);
  });
  it('falls back to Expires', () => {
    expect(freshnessMs({ expires: 'Sun, 22 Nov 2026 12:00:00 GMT' }, now)).toBe(7_200_000);
  });
  it.each([{}, { cacheControl: 'no-cache' }, { expires: '0' }, { expires: 'Sat, 01 Jan 2000 00:00:00 GMT' }])(
    'is 0 for %j',
    (headers) => {
      expect(freshnessMs(headers, now)).toBe(0);
    },
  );
});

describe('isBotChallenge', () => {
  const challenge =
    '<!DOCTYPE html><html><head><title>Just a moment...</title></head><body>cf-chl</body></html>';
  it('recognises an HTML challenge page on 403', () => {
    expect(isBotChallenge(403, 'text/html; charset=UTF-8', challenge)).toBe(true);
  });
  it('ignores a plain 403 and other statuses', () => {
    expect(isBotChallenge(403, 'text/plain', 'Forbidden')).toBe(false);
    expect(isBotChallenge(403, 'text/html', '<html><body>Forbidden</body></html>')).toBe(false);
    expect(isBotChallenge(200, 'text/html', challenge)).toBe(false);
  });
});
