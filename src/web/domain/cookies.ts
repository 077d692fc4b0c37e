import { createHmac, timingSafeEqual } from 'node:crypto';

export interface CookieOptions {
  maxAgeSeconds?: number;
  isSecure: boolean;
}

/** `name=value; other=value` → a map; malformed pairs are ignored, the first of duplicate names wins. */
export function parseCookieHeader(header: string | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const pair of (header ?? '').split(';')) {
    const separator = pair.indexOf('=');
    if (separator <= 0) continue;
    const name = pair.slice(0, separator).trim();
    if (!name || cookies.has(name)) continue;
    try {
      cookies.set(name, decodeURIComponent(pair.slice(separator + 1).trim()));
    } catch {
      continue;
    }
  }
  return cookies;
}

/** A Set-Cookie value: always HttpOnly, SameSite=Lax and Path=/; Secure when the site is served over HTTPS. */
export function serializeCookie(name: string, value: string, options: CookieOptions): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, 'Path=/', 'HttpOnly', 'SameSite=Lax'];
  if (options.maxAgeSeconds !== undefined) parts.push(`Max-Age=${options.maxAgeSeconds}`);
  if (options.isSecure) parts.push('Secure');
  return parts.join('; ');
}

function signature(value: string, secret: string): string {
  return createHmac('sha256', secret).update(value).digest('base64url');
}

/** `value.signature` with HMAC-SHA256, so that a cookie the browser sends back is one we set. */
export function signValue(value: string, secret: string): string {
  return `${value}.${signature(value, secret)}`;
}

/** The value when the signature holds, otherwise null (compared in constant time). */
export function verifySignedValue(signed: string | undefined, secret: string): string | null {
  if (!signed) return null;
  const separator = signed.lastIndexOf('.');
  if (separator <= 0) return null;
  const value = signed.slice(0, separator);
  return isSameText(signed.slice(separator + 1), signature(value, secret)) ? value : null;
}

export function isSameText(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
