import { CredentialCipher } from './credential-cipher';
import { authorizationHeader, feedIdentityHash } from './domain/feed-credentials';

const basic = { kind: 'basic', user: 'reader', password: 'pässword-123' } as const;

describe('CredentialCipher', () => {
  const cipher = new CredentialCipher({ SECRET_KEY: 'a-secret-key-of-the-install-0123' });

  it('opens what it sealed for the same feed, and never stores the secret readably', () => {
    const sealed = cipher.seal(basic, 'FEED1');
    expect(cipher.open(sealed, 'FEED1')).toEqual(basic);
    expect(sealed).not.toContain('pässword');
    expect(Buffer.from(sealed.slice(3), 'base64url').toString('latin1')).not.toContain('password');
    expect(cipher.seal(basic, 'FEED1')).not.toBe(sealed);
  });

  it('refuses a secret moved to another feed, changed, or sealed under another SECRET_KEY', () => {
    const sealed = cipher.seal(basic, 'FEED1');
    expect(() => cipher.open(sealed, 'FEED2')).toThrow(/cannot be read/);
    const flipped = sealed.slice(0, -2) + (sealed.at(-2) === 'A' ? 'B' : 'A') + sealed.at(-1);
    expect(() => cipher.open(flipped, 'FEED1')).toThrow(/cannot be read/);
    const other = new CredentialCipher({ SECRET_KEY: 'another-secret-key-of-the-install' });
    expect(() => other.open(sealed, 'FEED1')).toThrow(/SECRET_KEY/);
    expect(() => cipher.open('plain text', 'FEED1')).toThrow(/not in a known format/);
  });

  it('fingerprints credentials by a keyed hash: stable, distinct, not the bare hash of the secret', () => {
    const print = cipher.fingerprint(basic);
    expect(cipher.fingerprint({ ...basic })).toBe(print);
    expect(cipher.fingerprint({ ...basic, password: 'other' })).not.toBe(print);
    expect(cipher.fingerprint({ kind: 'bearer', token: 'reader:pässword-123' })).not.toBe(print);
    const other = new CredentialCipher({ SECRET_KEY: 'another-secret-key-of-the-install' });
    expect(other.fingerprint(basic)).not.toBe(print);
  });
});

describe('feed identity and the Authorization header', () => {
  it('keeps a public feed under the hash of its URL alone; a login makes another feed', () => {
    const url = 'https://example.com/feed';
    expect(feedIdentityHash(url, null)).toBe(feedIdentityHash(url, null));
    expect(feedIdentityHash(url, 'ab'.repeat(32))).not.toBe(feedIdentityHash(url, null));
    expect(feedIdentityHash(url, 'ab'.repeat(32))).not.toBe(feedIdentityHash(url, 'cd'.repeat(32)));
  });

  it('writes Basic as base64 of UTF-8 user:password, and a bearer token as it is', () => {
    expect(authorizationHeader({ kind: 'basic', user: 'Aladdin', password: 'open sesame' })).toBe(
      'Basic QWxhZGRpbjpvcGVuIHNlc2FtZQ==',
    );
    expect(authorizationHeader({ kind: 'bearer', token: 'abc.def' })).toBe('Bearer abc.def');
  });
});
