import { createHmac, timingSafeEqual } from 'node:crypto';
import { base32 } from './base32';

/**
 * Tokens that carry a payload and prove we made it: `base64url(payload).base64url(hmac)`. The purpose
 * is part of what is signed, so a token made for one use (say, a bounce address) is refused for another
 * (say, unsubscribing). Payloads are readable, not secret: put identifiers in them, never credentials.
 * Where a token may be case-folded on its way back (the local part of an email address), use the
 * case-insensitive kind below instead.
 */
export interface TokenOptions {
  /** Bytes of HMAC-SHA256 kept; 16 (128 bits) by default, fewer where space is short (email addresses). */
  macBytes?: number;
}

const DEFAULT_MAC_BYTES = 16;
const MIN_MAC_BYTES = 10;

export function signToken(key: string, purpose: string, payload: string, options: TokenOptions = {}): string {
  const encoded = Buffer.from(payload, 'utf8').toString('base64url');
  return `${encoded}.${mac(key, purpose, encoded, macBytes(options)).toString('base64url')}`;
}

/** The payload of a token we signed for this purpose, or null for anything else. */
export function verifyToken(
  key: string,
  purpose: string,
  token: string,
  options: TokenOptions = {},
): string | null {
  const match = /^([A-Za-z0-9_-]*)\.([A-Za-z0-9_-]+)$/.exec(token);
  if (!match) return null;
  const [, encoded, signature] = match;
  // Compared as text: base64url's last character has spare bits, so decoding would accept variants.
  const given = Buffer.from(signature);
  const expected = Buffer.from(mac(key, purpose, encoded, macBytes(options)).toString('base64url'));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return Buffer.from(encoded, 'base64url').toString('utf8');
}

const FOLDED_PAYLOAD = /^[0-9a-z]+$/;

/**
 * A token that survives case folding, `payload.base32(hmac)` in lower case: some mail servers lower-case
 * the local part of the addresses they deliver to. The payload must already be letters and digits (an
 * identifier such as a ULID); it is signed lower-cased, under a purpose apart from base64url tokens.
 */
export function signCaseInsensitiveToken(
  key: string,
  purpose: string,
  payload: string,
  options: TokenOptions = {},
): string {
  const folded = payload.toLowerCase();
  if (!FOLDED_PAYLOAD.test(folded)) throw new RangeError('payload must be letters and digits');
  return `${folded}.${base32(mac(key, `${purpose}/folded`, folded, macBytes(options)))}`;
}

/** The payload (lower case) of a case-insensitive token we signed for this purpose, in any case; else null. */
export function verifyCaseInsensitiveToken(
  key: string,
  purpose: string,
  token: string,
  options: TokenOptions = {},
): string | null {
  const match = /^([0-9a-z]+)\.([a-z2-7]+)$/.exec(token.toLowerCase());
  if (!match) return null;
  const [, payload, signature] = match;
  const given = Buffer.from(signature);
  const expected = Buffer.from(base32(mac(key, `${purpose}/folded`, payload, macBytes(options))));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return payload;
}

function mac(key: string, purpose: string, encodedPayload: string, bytes: number): Buffer {
  return createHmac('sha256', key).update(`${purpose}\u0000${encodedPayload}`).digest().subarray(0, bytes);
}

function macBytes(options: TokenOptions): number {
  const bytes = options.macBytes ?? DEFAULT_MAC_BYTES;
  if (!Number.isInteger(bytes) || bytes < MIN_MAC_BYTES || bytes > 32) {
    throw new RangeError(`macBytes must be a whole number from ${MIN_MAC_BYTES} to 32`);
  }
  return bytes;
}
