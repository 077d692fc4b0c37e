import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Compact signed tokens for links and addresses in emails: `<payload>.<signature>`, both base64url.
 * The purpose is part of what is signed, so a token made for one use (an unsubscribe link) is refused
 * for another (a reply address). The payload is readable by anyone: sign ids, never secrets.
 */
const SIGNATURE_BYTES = 16;

export function signToken(key: string, purpose: string, payload: string): string {
  const encoded = Buffer.from(payload, 'utf8').toString('base64url');
  return `${encoded}.${signature(key, purpose, encoded).toString('base64url')}`;
}

/** The payload of a genuine token for this purpose, or null for anything else. */
export function verifyToken(key: string, purpose: string, token: string): string | null {
  const match = /^([A-Za-z0-9_-]{1,2000})\.([A-Za-z0-9_-]{1,100})$/.exec(token);
  if (!match) return null;
  // Compared as text: base64url decoding ignores trailing bits, so two spellings could decode alike.
  const given = Buffer.from(match[2]);
  const expected = Buffer.from(signature(key, purpose, match[1]).toString('base64url'));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return Buffer.from(match[1], 'base64url').toString('utf8');
}

function signature(key: string, purpose: string, encodedPayload: string): Buffer {
  return createHmac('sha256', key)
    .update(`${purpose}\n${encodedPayload}`)
    .digest()
    .subarray(0, SIGNATURE_BYTES);
}
