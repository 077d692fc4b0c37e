/** What we asked a hub for and still await its verification of (null: nothing pending). */
export type PendingMode = 'subscribe' | 'unsubscribe' | null;

export interface WebSubState {
  topic: string;
  pendingMode: PendingMode;
  leaseSeconds: number;
  activeUntil: Date | null;
  requestedAt: Date;
}

export type VerificationAnswer =
  | { kind: 'confirm-subscribe'; challenge: string; activeUntil: Date; leaseSeconds: number }
  | { kind: 'confirm-unsubscribe'; challenge: string }
  | { kind: 'denied' }
  | { kind: 'refuse' };

/** A request we sent and the hub never verified is sent again after this long. */
export const RETRY_UNVERIFIED_MS = 60 * 60_000;
const LONGEST_RENEWAL_MARGIN_MS = 24 * 60 * 60_000;

/**
 * The answer to a hub's verification of intent (W3C WebSub 5.3): the challenge, exactly, only for an
 * (un)subscription we asked for and still await, on the same topic; a refusal (404) for anything else,
 * so that nobody can subscribe us to something through our callback.
 */
export function answerVerification(
  state: WebSubState | null,
  query: Record<string, unknown>,
  now: Date,
): VerificationAnswer {
  const mode = query['hub.mode'];
  const topic = query['hub.topic'];
  const challenge = query['hub.challenge'];
  if (!state || typeof topic !== 'string' || topic !== state.topic) return { kind: 'refuse' };
  if (mode === 'denied') return state.pendingMode === 'subscribe' ? { kind: 'denied' } : { kind: 'refuse' };
  if (typeof challenge !== 'string' || !challenge || challenge.length > 1000 || mode !== state.pendingMode)
    return { kind: 'refuse' };
  if (mode === 'unsubscribe') return { kind: 'confirm-unsubscribe', challenge };
  const offered = Number(query['hub.lease_seconds']);
  const leaseSeconds =
    Number.isInteger(offered) && offered > 0 ? Math.min(offered, 10 * 365 * 86_400) : state.leaseSeconds;
  return {
    kind: 'confirm-subscribe',
    challenge,
    leaseSeconds,
    activeUntil: new Date(now.getTime() + leaseSeconds * 1000),
  };
}

/** True while a verified subscription's lease runs: the hub pushes, so polling can be rare. */
export function isWebSubActive(state: Pick<WebSubState, 'activeUntil'> | null, now: Date): boolean {
  return Boolean(state?.activeUntil && state.activeUntil.getTime() > now.getTime());
}

/**
 * Whether to (re)send a subscription request now: a tenth of the lease (at most a day) before it ends,
 * or when an earlier request went unanswered, was denied or lapsed for an hour.
 */
export function isRenewalDue(state: WebSubState, now: Date): boolean {
  if (state.pendingMode === 'unsubscribe') return false;
  const sinceRequest = now.getTime() - state.requestedAt.getTime();
  if (state.pendingMode === 'subscribe') return sinceRequest >= RETRY_UNVERIFIED_MS;
  if (!isWebSubActive(state, now)) return sinceRequest >= RETRY_UNVERIFIED_MS;
  const margin = Math.min(state.leaseSeconds * 100, LONGEST_RENEWAL_MARGIN_MS);
  return state.activeUntil!.getTime() - margin <= now.getTime();
}
