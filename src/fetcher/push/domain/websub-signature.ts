import { createHmac, timingSafeEqual } from 'node:crypto';

const ALGORITHMS = new Set(['sha1', 'sha256', 'sha384', 'sha512']);

/**
 * Checks a WebSub content distribution's `X-Hub-Signature: <method>=<hex HMAC of the raw body>`
 * (W3C WebSub 8.1). Any other method, a malformed value, or a missing header is a failure.
 */
export function isValidHubSignature(header: string | undefined, secret: string, rawBody: Buffer): boolean {
  const match = /^(sha1|sha256|sha384|sha512)=([0-9a-fA-F]{40,128})$/.exec((header ?? '').trim());
  if (!match || !ALGORITHMS.has(match[1])) return false;
  const expected = createHmac(match[1], secret).update(rawBody).digest();
  const given = Buffer.from(match[2], 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
