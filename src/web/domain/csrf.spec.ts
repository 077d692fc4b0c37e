import { csrfTokenFor, isValidCsrfToken } from './csrf';

describe('CSRF tokens', () => {
  const secret = 'a secret of sixteen+';

  it('accepts the token of the same binding only', () => {
    const token = csrfTokenFor('session-a', secret);
    expect(isValidCsrfToken(token, 'session-a', secret)).toBe(true);
    expect(isValidCsrfToken(token, 'session-b', secret)).toBe(false);
    expect(isValidCsrfToken(token, 'session-a', 'another secret key')).toBe(false);
  });

  it.each([undefined, '', ['x'], 42, 'short'])('refuses %j', (token) => {
    expect(isValidCsrfToken(token, 'session-a', secret)).toBe(false);
  });

  it('refuses everything without a binding', () => {
    expect(isValidCsrfToken(csrfTokenFor('', secret), null, secret)).toBe(false);
  });
});
