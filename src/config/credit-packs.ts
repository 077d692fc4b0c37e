/** A pack of credits sold through Stripe Checkout; its id is its number of credits ("1000"). */
export interface CreditPack {
  id: string;
  credits: number;
  priceCents: number;
}

/**
 * Parses `CREDITS:CENTS,…` (for example `1000:500,5000:2000,20000:5000`). Packs must grow in credits
 * and never cost more per credit than a smaller one, so that buying more is never a worse deal.
 * Returns the packs or one message saying what is wrong.
 */
export function parseCreditPacks(text: string): CreditPack[] | string {
  const items = text.split(',').map((item) => item.trim());
  const packs: CreditPack[] = [];
  for (const item of items) {
    const match = /^(\d{1,9}):(\d{1,9})$/.exec(item);
    if (!match) return `expected CREDITS:CENTS pairs separated by commas (bad item "${item}")`;
    const [credits, priceCents] = [Number(match[1]), Number(match[2])];
    if (credits < 1 || priceCents < 1) return `credits and cents must be positive (bad item "${item}")`;
    packs.push({ id: String(credits), credits, priceCents });
  }
  for (let index = 1; index < packs.length; index += 1) {
    const [smaller, larger] = [packs[index - 1], packs[index]];
    if (larger.credits <= smaller.credits) return 'packs must be listed from the smallest to the largest';
    if (larger.priceCents * smaller.credits > smaller.priceCents * larger.credits) {
      return `the ${larger.credits}-credit pack costs more per credit than the ${smaller.credits}-credit pack`;
    }
  }
  return packs;
}
