/** What the credits pages show, decided from plain data. */

export interface PackOffer {
  id: string;
  credits: string;
  price: string;
  pricePerCredit: string;
}

export interface LedgerRow {
  createdAt: Date;
  change: string;
  isCredit: boolean;
  reason: string;
}

/** Stripe's Checkout Session ids; anything else in `?session_id=` is not ours to look up. */
const SESSION_ID = /^cs_[A-Za-z0-9_]{1,200}$/;

export function isCheckoutSessionId(value: unknown): value is string {
  return typeof value === 'string' && SESSION_ID.test(value);
}

export function packOffers(
  packs: ReadonlyArray<{ id: string; credits: number; priceCents: number }>,
  currency: string,
): PackOffer[] {
  const money = (amount: number, maximumFractionDigits: number) =>
    new Intl.NumberFormat('en-GB', {
      style: 'currency',
      currency: currency.toUpperCase(),
      minimumFractionDigits: 2,
      maximumFractionDigits,
    }).format(amount);
  return packs.map((pack) => ({
    id: pack.id,
    credits: formatCredits(pack.credits),
    price: money(pack.priceCents / 100, 2),
    pricePerCredit: money(pack.priceCents / 100 / pack.credits, 5),
  }));
}

export function formatCredits(credits: number): string {
  return new Intl.NumberFormat('en-GB').format(credits);
}

const REASONS: Record<string, string> = {
  'starter credits': 'Starter credits for a new account',
  email: 'An email sent',
  'email not sent': 'Given back: an email could not be sent',
  'stripe checkout': 'Bought with Stripe Checkout',
  'stripe refund': 'Refunded by Stripe',
};

/** One ledger line as a table row: a signed change and the reason in words (support's own reasons as written). */
export function ledgerRow(line: {
  kind: string;
  amount: number;
  reason: string;
  createdAt: string;
}): LedgerRow {
  const sign = line.amount > 0 ? '+' : '−';
  const reason =
    REASONS[line.reason] ?? (line.kind === 'adjustment' ? `Correction: ${line.reason}` : line.reason);
  return {
    createdAt: new Date(line.createdAt),
    change: `${sign}${formatCredits(Math.abs(line.amount))}`,
    isCredit: line.amount > 0,
    reason,
  };
}

/** Why the user's emails are paused, in words, or null when they flow. */
export function pauseReasonOf(state: { balance: number; heldCount: number }): string | null {
  const balance = `${formatCredits(state.balance)} credit${Math.abs(state.balance) === 1 ? '' : 's'}`;
  if (state.heldCount > 0) {
    const emails = state.heldCount === 1 ? '1 email is' : `${formatCredits(state.heldCount)} emails are`;
    return `Your deliveries are paused: ${emails} waiting because your balance (${balance}) cannot pay for them. Buy credits and they are sent right away.`;
  }
  if (state.balance < 0)
    return `Your deliveries are paused: your balance is ${balance} after a refund or a correction. New emails wait until you add credits.`;
  return null;
}
