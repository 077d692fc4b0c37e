import { parseCookieHeader, serializeCookie, signValue, verifySignedValue } from './cookies';

describe('cookies', () => {
  it('parses a Cookie header, ignoring junk and keeping the first duplicate', () => {
    const cookies = parseCookieHeader('a=1; b=x%20y; junk; =nameless; a=2; c=%E0%A4%A; d=');
    expect([...cookies]).toEqual([
      ['a', '1'],
      ['b', 'x y'],
      ['d', ''],
    ]);
    expect(parseCookieHeader(undefined).size).toBe(0);
  });

  it('writes HttpOnly, SameSite=Lax cookies, Secure on HTTPS', () => {
    expect(serializeCookie('s', 'v;1', { isSecure: false, maxAgeSeconds: 60 })).toBe(
      's=v%3B1; Path=/; HttpOnly; SameSite=Lax; Max-Age=60',
    );
    expect(serializeCookie('s', '', { isSecure: true })).toMatch(/; Secure$/);
  });

  it('verifies its own signatures and nothing else', () => {
    const secret = 'a secret of sixteen+';
    const signed = signValue('token.with.dots', secret);
    expect(verifySignedValue(signed, secret)).toBe('token.with.dots');
    expect(verifySignedValue(signed, 'another secret key')).toBeNull();
    expect(verifySignedValue(`x${signed}`, secret)).toBeNull();
    expect(verifySignedValue(signed.slice(0, -1), secret)).toBeNull();
    for (const junk of [undefined, '', '.', 'nodot', '.sig', 'é.é'])
      expect(verifySignedValue(junk, secret)).toBeNull();
  });
});
