import { signToken, verifyToken } from './signed-token';

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
