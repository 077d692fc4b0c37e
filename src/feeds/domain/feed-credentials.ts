import { z } from 'zod';
import { sha256Hex } from '../../common/ids';

/** How a feed behind a login is read: HTTP Basic (RFC 7617) or a bearer token (RFC 6750). */
export type FeedCredentials =
  { kind: 'basic'; user: string; password: string } | { kind: 'bearer'; token: string };

// eslint-disable-next-line no-control-regex -- a header value cannot carry control characters
const printable = /^[^\u0000-\u001f\u007f]*$/;

export const feedCredentialsSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('basic'),
    user: z
      .string()
      .min(1, 'the user name is empty')
      .max(500, 'the user name is longer than 500 characters')
      .regex(/^[^:]*$/, 'a user name for HTTP Basic has no colon')
      .regex(printable, 'the user name has control characters'),
    password: z
      .string()
      .max(1000, 'the password is longer than 1,000 characters')
      .regex(printable, 'the password has control characters'),
  }),
  z.object({
    kind: z.literal('bearer'),
    token: z
      .string()
      .min(1, 'the token is empty')
      .max(4000, 'the token is longer than 4,000 characters')
      .regex(/^[\x21-\x7e]+$/, 'a bearer token is printable ASCII without spaces'),
  }),
]);

/** The `Authorization` header that reads the feed (Basic: UTF-8, as RFC 7617's charset allows). */
export function authorizationHeader(credentials: FeedCredentials): string {
  if (credentials.kind === 'bearer') return `Bearer ${credentials.token}`;
  return `Basic ${Buffer.from(`${credentials.user}:${credentials.password}`).toString('base64')}`;
}

/** What the credentials' fingerprint is taken over: both kinds, unambiguously. */
export function canonicalCredentials(credentials: FeedCredentials): string {
  return JSON.stringify(
    credentials.kind === 'basic'
      ? ['basic', credentials.user, credentials.password]
      : ['bearer', credentials.token],
  );
}

/**
 * A feed is its URL and, behind a login, its credentials (by their keyed fingerprint, never the secret):
 * readers with other credentials for the same URL read another feed. A public feed's identity is the
 * SHA-256 of its URL alone, as it always was, so public feeds dedupe as before.
 */
export function feedIdentityHash(url: string, credentialFingerprint: string | null): string {
  return sha256Hex(credentialFingerprint ? `${url}\n${credentialFingerprint}` : url);
}
