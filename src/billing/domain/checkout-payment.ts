/** What a signed `checkout.session.*` event says about a paid session. Stripe signs it; it may still not be ours. */
export interface PaidSession {
  sessionId: string;
  clientReferenceId: string | null;
  metadataUserId: string | null;
  metadataPack: string | null;
  metadataCredits: string | null;
  amountTotal: number | null;
  currency: string | null;
  paymentIntentId: string | null;
}

/** A Checkout Session as Tidings stored it when it opened it: who buys which pack, at what price. */
export interface OpenedPurchase {
  userId: string;
  packId: string;
  credits: number;
  amountCents: number;
  currency: string;
}

export type GrantDecision =
  { kind: 'grant'; userId: string; credits: number } | { kind: 'refuse'; reason: string };

/**
 * Credits are granted only for a session Tidings opened, to the user it opened it for, with the
 * credits of the pack as stored then, and only when Stripe says it was paid exactly what the pack
 * cost. A signature proves that Stripe sent the event, not that Tidings sold anything: an account
 * shared with another application, or a test event, is signed too. The event's own user, pack and
 * credits are never believed; they must agree with the stored purchase or the event is refused.
 */
export function decideGrant(purchase: OpenedPurchase | null, session: PaidSession): GrantDecision {
  if (!purchase) return refuse('not a Checkout Session that Tidings opened');
  if (session.clientReferenceId !== purchase.userId || session.metadataUserId !== purchase.userId)
    return refuse('the session names another user than the purchase');
  if (session.metadataPack !== null && session.metadataPack !== purchase.packId)
    return refuse(
      `the session names pack ${clip(session.metadataPack)}, the purchase is pack ${purchase.packId}`,
    );
  if (session.metadataCredits !== null && session.metadataCredits !== String(purchase.credits))
    return refuse(
      `the session claims ${clip(session.metadataCredits)} credits, the pack has ${purchase.credits}`,
    );
  const paid = `${session.amountTotal ?? 'no amount'} ${session.currency ?? 'no currency'}`;
  if (session.amountTotal !== purchase.amountCents || session.currency?.toLowerCase() !== purchase.currency)
    return refuse(`paid ${clip(paid)}, the pack costs ${purchase.amountCents} ${purchase.currency}`);
  return { kind: 'grant', userId: purchase.userId, credits: purchase.credits };
}

function refuse(reason: string): GrantDecision {
  return { kind: 'refuse', reason };
}

function clip(text: string): string {
  return JSON.stringify(text.slice(0, 40)).slice(1, -1);
}
