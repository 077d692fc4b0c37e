import { signCaseInsensitiveToken, signToken, verifyCaseInsensitiveToken, verifyToken } from './signed-token';

const key = 'a-test-key-of-enough-length';

describe('signed tokens', () => {
  it('round-trip any payload through URL-safe characters', () => {
    const payload = 'user:01J/ü "x" ✓';
    const token = signToken(key, 'unsubscribe', payload);
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(verifyToken(key, 'unsubscribe', token)).toBe(payload);
  });

  it('refuse another key, another purpose and a changed payload', () => {
    const token = signToken(key, 'unsubscribe', 'sub-1');
    expect(verifyToken('another-key-of-enough-length', 'unsubscribe', token)).toBeNull();
    expect(verifyToken(key, 'bounce', token)).toBeNull();
    const [, signature] = token.split('.');
    const forged = `${Buffer.from('sub-2').toString('base64url')}.${signature}`;
    expect(verifyToken(key, 'unsubscribe', forged)).toBeNull();
  });

  it.each(['', '.', 'abc', 'abc.', '.abc', 'a.b.c', 'a b.c', '<script>.x', 'YQ.' + 'A'.repeat(5000)])(
    'refuse the malformed token %j',
    (token) => {
      expect(verifyToken(key, 'unsubscribe', token)).toBeNull();
    },
  );

  it('accept exactly one spelling of a signature', () => {
    const token = signToken(key, 'unsubscribe', 'sub-1');
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const variant = token.slice(0, -1) + alphabet[alphabet.indexOf(token.at(-1)!) ^ 1];
    expect(Buffer.from(variant.split('.')[1], 'base64url')).toEqual(
      Buffer.from(token.split('.')[1], 'base64url'),
    );
    expect(verifyToken(key, 'unsubscribe', variant)).toBeNull();
  });

  it('keep shorter signatures apart from full ones', () => {
    const short = signToken(key, 'bounce', 'row', { macBytes: 10 });
    expect(verifyToken(key, 'bounce', short, { macBytes: 10 })).toBe('row');
    expect(verifyToken(key, 'bounce', short)).toBeNull();
    expect(() => signToken(key, 'bounce', 'row', { macBytes: 4 })).toThrow(RangeError);
  });

  it('differ for every payload, so that tokens cannot be guessed from one another', () => {
    const signatures = new Set(
      Array.from({ length: 200 }, (_, i) => signToken(key, 'unsubscribe', `sub-${i}`).split('.')[1]),
    );
    expect(signatures.size).toBe(200);
  });
});

describe('case-insensitive tokens', () => {
  const ulid = '01KAQZ4V1J8K9X2M3N4P5Q6R7S';

  it('are lower-case letters and digits, and read back in any case', () => {
    const token = signCaseInsensitiveToken(key, 'reply', ulid, { macBytes: 10 });
    expect(token).toMatch(/^01kaqz4v1j8k9x2m3n4p5q6r7s\.[a-z2-7]{16}$/);
    for (const spelling of [token, token.toUpperCase(), token.replace(/[a-z]/, (c) => c.toUpperCase())])
      expect(verifyCaseInsensitiveToken(key, 'reply', spelling, { macBytes: 10 })).toBe(ulid.toLowerCase());
  });

  it('refuse another key, another purpose, a changed payload, a base64url token and junk', () => {
    const token = signCaseInsensitiveToken(key, 'reply', ulid, { macBytes: 10 });
    const options = { macBytes: 10 };
    expect(verifyCaseInsensitiveToken('another-key-of-enough-length', 'reply', token, options)).toBeNull();
    expect(verifyCaseInsensitiveToken(key, 'bounce', token, options)).toBeNull();
    expect(verifyCaseInsensitiveToken(key, 'reply', token.replace(/^0/, '1'), options)).toBeNull();
    expect(verifyCaseInsensitiveToken(key, 'reply', token, { macBytes: 16 })).toBeNull();
    expect(
      verifyCaseInsensitiveToken(key, 'reply', signToken(key, 'reply', ulid, options), options),
    ).toBeNull();
    for (const junk of ['', '.', 'abc', 'abc.', '.abcd', 'a.b.c', 'a-b.cd', `${ulid}.${'a'.repeat(5000)}`])
      expect(verifyCaseInsensitiveToken(key, 'reply', junk, options)).toBeNull();
  });

  it('sign only payloads that have no case to lose', () => {
    expect(() => signCaseInsensitiveToken(key, 'reply', 'a/b')).toThrow(RangeError);
    expect(() => signCaseInsensitiveToken(key, 'reply', '')).toThrow(RangeError);
  });
});
