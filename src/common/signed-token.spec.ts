import { signToken, verifyToken } from './signed-token';

const key = 'a-test-key-of-some-length';

describe('signed tokens', () => {
  it('round-trips a payload for its purpose', () => {
    const token = signToken(key, 'unsubscribe', 'sub_01J');
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(verifyToken(key, 'unsubscribe', token)).toBe('sub_01J');
  });

  it('refuses another purpose, another key, and any change', () => {
    const token = signToken(key, 'unsubscribe', 'sub_01J');
    expect(verifyToken(key, 'reply', token)).toBeNull();
    expect(verifyToken('another-key-entirely', 'unsubscribe', token)).toBeNull();
    const [payload, mac] = token.split('.');
    const forged = `${Buffer.from('sub_02K').toString('base64url')}.${mac}`;
    expect(verifyToken(key, 'unsubscribe', forged)).toBeNull();
    const otherLast = mac.endsWith('A') ? 'B' : 'A';
    expect(verifyToken(key, 'unsubscribe', `${payload}.${mac.slice(0, -1)}${otherLast}`)).toBeNull();
  });

  it.each(['', '.', 'abc', 'a.b.c', 'a b.c', `${'a'.repeat(3000)}.b`])('refuses malformed %j', (token) => {
    expect(verifyToken(key, 'unsubscribe', token)).toBeNull();
  });
});
