/**
 * How many of a purchase's credits a refund takes back. Stripe reports the refunded amount as a running
 * total, so this answers "how many credits should have been removed by now"; the caller removes the
 * difference from what it removed before. A full refund removes every credit, a partial one its share
 * rounded to the nearest credit.
 */
export function creditsToRemove(purchase: {
  credits: number;
  amountCents: number;
  refundedCents: number;
}): number {
  const { credits, amountCents, refundedCents } = purchase;
  if (refundedCents <= 0 || amountCents <= 0) return 0;
  if (refundedCents >= amountCents) return credits;
  return Math.round((credits * refundedCents) / amountCents);
}
