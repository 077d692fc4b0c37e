import { createHmac } from 'node:crypto';
import { isSameText } from './cookies';

/**
 * CSRF tokens are derived, not stored: HMAC(secret, binding) where the binding is the session token
 * once signed in, or the browser's anonymous CSRF cookie before. A page from another site can neither
 * read our cookies nor compute the HMAC, so it cannot forge the hidden field.
 */
export function csrfTokenFor(binding: string, secret: string): string {
  return createHmac('sha256', secret).update(`csrf:${binding}`).digest('base64url');
}

export function isValidCsrfToken(token: unknown, binding: string | null, secret: string): boolean {
  if (typeof token !== 'string' || !binding) return false;
  return isSameText(token, csrfTokenFor(binding, secret));
}
