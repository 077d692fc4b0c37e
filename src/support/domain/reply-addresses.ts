import { signToken, verifyToken } from '../../common/signed-token';

/**
 * The addresses our emails carry, each with a signed token so that mail coming back finds its origin:
 * `Reply-To: reply+<token>@<domain>` (the user and the email they reply to) and the VERP envelope
 * sender `bounce+<token>@<domain>` (the email that bounced). The mail module builds them with these
 * functions; the inbound listener reads them back with `parseTokenAddress`.
 */
export type TokenAddress =
  | { kind: 'reply'; userId: string; outboxId: string }
  | { kind: 'bounce'; outboxId: string }
  | { kind: 'plain' }
  | { kind: 'forged' };

const ID = /^[0-9A-HJKMNP-TV-Z]{26}$/;

export function replyAddress(key: string, domain: string, userId: string, outboxId: string): string {
  return `reply+${signToken(key, 'reply', `${userId}.${outboxId}`)}@${domain}`;
}

export function bounceAddress(key: string, domain: string, outboxId: string): string {
  return `bounce+${signToken(key, 'bounce', outboxId)}@${domain}`;
}

/** Reads an address: a genuine reply or bounce token, a plain address, or a tagged one that is forged. */
export function parseTokenAddress(key: string, address: string): TokenAddress {
  const match = /^(reply|bounce)\+(.*)@[^@]+$/i.exec(address.trim());
  if (!match) return { kind: 'plain' };
  const purpose = match[1].toLowerCase();
  const payload = verifyToken(key, purpose, match[2]);
  if (payload === null) return { kind: 'forged' };
  if (purpose === 'bounce')
    return ID.test(payload) ? { kind: 'bounce', outboxId: payload } : { kind: 'forged' };
  const [userId, outboxId, ...rest] = payload.split('.');
  if (rest.length > 0 || !ID.test(userId ?? '') || !ID.test(outboxId ?? '')) return { kind: 'forged' };
  return { kind: 'reply', userId, outboxId };
}
