import { DELIVERY_MODE_LABELS, DELIVERY_MODES, DeliveryMode } from '../../feeds/domain/delivery-modes';

export interface DeliveryChoice {
  value: DeliveryMode;
  label: string;
  /** What one email of this cadence costs, from billing's `priceEmail`. */
  price: string;
  isSelected: boolean;
}

type PriceEmail = (email: { kind: 'entry' | 'digest'; feedCount: number }) => number;

/** The most emails of each digest cadence: in a day for those every few hours, else in their period. */
const AT_MOST: Record<Exclude<DeliveryMode, 'realtime'>, string> = {
  'every-2h': 'at most 12 a day',
  'every-4h': 'at most 6 a day',
  'every-6h': 'at most 4 a day',
  'every-12h': 'at most 2 a day',
  daily: 'at most 1 a day',
  weekly: 'at most 1 a week',
  monthly: 'at most 1 a month',
};

/**
 * The delivery modes as the settings form offers them, each with its price per email. Figures come from
 * `priceEmail` alone: a digest is priced for this feed alone, and for how many feeds it stays that price.
 */
export function deliveryChoices(selected: unknown, priceEmail: PriceEmail): DeliveryChoice[] {
  const digestPrice = priceEmail({ kind: 'digest', feedCount: 1 });
  let feedsAtThatPrice = 1;
  while (
    feedsAtThatPrice < 100 &&
    priceEmail({ kind: 'digest', feedCount: feedsAtThatPrice + 1 }) === digestPrice
  )
    feedsAtThatPrice += 1;
  return DELIVERY_MODES.map((mode) => ({
    value: mode,
    label: DELIVERY_MODE_LABELS[mode],
    isSelected: mode === selected,
    price:
      mode === 'realtime'
        ? `${credits(priceEmail({ kind: 'entry', feedCount: 1 }))} per post`
        : `${credits(digestPrice)} per email, shared by up to ${feedsAtThatPrice} feeds with new posts; ` +
          `${AT_MOST[mode]}, none when nothing is new`,
  }));
}

function credits(count: number): string {
  return `${count} ${count === 1 ? 'credit' : 'credits'}`;
}
