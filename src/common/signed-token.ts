import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Tokens that carry a payload and prove we made it: `base64url(payload).base64url(hmac)`. The purpose
 * is part of what is signed, so a token made for one use (say, a bounce address) is refused for another
 * (say, unsubscribing). Payloads are readable, not secret: put identifiers in them, never credentials.
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
