import {
  signCaseInsensitiveToken,
  signToken,
  verifyCaseInsensitiveToken,
  verifyToken,
} from '../../common/signed-token';

/**
 * The signed values in our emails. Bounce (VERP) and reply addresses carry the outbox row's id in their
 * local part, which RFC 5321 caps at 64 characters: hence a short (80-bit) signature there, still far
 * beyond guessing. Some servers lower-case local parts, so addresses carry the row id (a ULID, whose
 * letters are case-blind) and a base32 signature, all in lower case; addresses made before that (a
 * case-sensitive base64url token) are still read, in the case they were sent with.
 * Unsubscribe links in headers name the email (whose row lists its subscriptions), which keeps them
 * short however many feeds a digest has; links in a digest's body name one subscription.
 */
export type AddressPurpose = 'bounce' | 'reply';

const ADDRESS_MAC = { macBytes: 10 };

export function signedAddress(
  key: string,
  purpose: AddressPurpose,
  outboxId: string,
  domain: string,
): string {
  return `${purpose}-${signCaseInsensitiveToken(key, purpose, outboxId, ADDRESS_MAC)}@${domain}`;
}

/** The outbox row id in an address we made for this purpose, or null. */
export function outboxIdFromAddress(key: string, purpose: AddressPurpose, address: string): string | null {
  const read = readSignedAddress(key, address);
  return read?.purpose === purpose ? read.outboxId : null;
}

/**
 * Whether an address is shaped like one we make (`reply-…@` or `bounce-…@`), and if so the outbox row
 * its token names, or null when the token is not ours (forged, altered, another key).
 */
export function readSignedAddress(
  key: string,
  address: string,
): { purpose: AddressPurpose; outboxId: string | null } | null {
  const match = /^<?(reply|bounce)-([^@\s]*)@[^@>\s]+>?$/i.exec(address.trim());
  if (!match) return null;
  const purpose = match[1].toLowerCase() as AddressPurpose;
  const rowId = verifyCaseInsensitiveToken(key, purpose, match[2], ADDRESS_MAC)?.toUpperCase();
  return { purpose, outboxId: rowId ?? verifyToken(key, purpose, match[2], ADDRESS_MAC) };
}

/** What an unsubscribe link ends: the subscriptions stored with one email (headers), or named ones. */
export type UnsubscribeTarget = { emailId: string } | { subscriptionIds: string[] };

export function unsubscribeToken(key: string, target: UnsubscribeTarget): string {
  const payload = 'emailId' in target ? `e:${target.emailId}` : `s:${target.subscriptionIds.join(',')}`;
  return signToken(key, 'unsubscribe', payload);
}

/** What an unsubscribe token ends, or null when we did not make it. */
export function unsubscribeTargetFromToken(key: string, token: string): UnsubscribeTarget | null {
  const payload = verifyToken(key, 'unsubscribe', token);
  const match = /^([es]):(.+)$/.exec(payload ?? '');
  if (!match) return null;
  if (match[1] === 'e') return { emailId: match[2] };
  const ids = match[2].split(',').filter(Boolean);
  return ids.length ? { subscriptionIds: ids } : null;
}
