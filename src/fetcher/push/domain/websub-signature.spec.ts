import { createHmac } from 'node:crypto';
import { isValidHubSignature } from './websub-signature';

const secret = 'a-hub-secret';
const body = Buffer.from('<feed>…</feed>');
const sign = (algorithm: string, key = secret, content = body) =>
  `${algorithm}=${createHmac(algorithm, key).update(content).digest('hex')}`;

describe('isValidHubSignature', () => {
  it.each(['sha1', 'sha256', 'sha384', 'sha512'])('accepts a right %s signature', (algorithm) => {
    expect(isValidHubSignature(sign(algorithm), secret, body)).toBe(true);
    expect(isValidHubSignature(sign(algorithm).toUpperCase().replace(/^SHA/, 'sha'), secret, body)).toBe(
      true,
    );
  });

  it.each([
    ['a missing header', undefined],
    ['an empty header', ''],
    ['another key', sign('sha256', 'another-secret')],
    ['another body', sign('sha256', secret, Buffer.from('<feed/>'))],
    ['md5', `md5=${createHmac('md5', secret).update(body).digest('hex')}`],
    ['a truncated signature', sign('sha256').slice(0, -2)],
    ['a method mismatch', sign('sha1').replace('sha1', 'sha256')],
    ['junk', 'sha256=not-hex'],
  ])('refuses %s', (_name, header) => {
    expect(isValidHubSignature(header, secret, body)).toBe(false);
  });
});
