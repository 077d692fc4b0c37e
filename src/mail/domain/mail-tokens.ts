import { signToken, verifyToken } from '../../common/signed-token';

/**
 * The signed values in our emails. Bounce (VERP) and reply addresses carry the outbox row's id in their
 * local part, which RFC 5321 caps at 64 characters: hence a short (80-bit) signature there, still far
 * beyond guessing. Unsubscribe links carry the subscription ids they end.
 */
export type AddressPurpose = 'bounce' | 'reply';

const ADDRESS_MAC = { macBytes: 10 };

export function signedAddress(
  key: string,
  purpose: AddressPurpose,
  outboxId: string,
  domain: string,
): string {
  return `${purpose}-${signToken(key, purpose, outboxId, ADDRESS_MAC)}@${domain}`;
}

/** The outbox row id in an address we made for this purpose, or null. */
export function outboxIdFromAddress(key: string, purpose: AddressPurpose, address: string): string | null {
  const match = /^<?([a-z]+)-([A-Za-z0-9_.-]+)@[^@>\s]+>?$/i.exec(address.trim());
  if (!match || match[1].toLowerCase() !== purpose) return null;
  return verifyToken(key, purpose, match[2], ADDRESS_MAC);
}

export function unsubscribeToken(key: string, subscriptionIds: readonly string[]): string {
  return signToken(key, 'unsubscribe', subscriptionIds.join(','));
}

/** The subscription ids an unsubscribe token ends, or null when we did not make it. */
export function subscriptionIdsFromToken(key: string, token: string): string[] | null {
  const payload = verifyToken(key, 'unsubscribe', token);
  if (payload === null) return null;
  const ids = payload.split(',').filter(Boolean);
  return ids.length ? ids : null;
}
