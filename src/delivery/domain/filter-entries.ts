import { testWithTimeLimit } from '../../common/timed-regex';
import { DeliveryEntry, entryDate, searchableText } from './delivery-entry';
import { matchesKeywords } from './keyword-match';

export interface SubscriptionFilters {
  keepRecent: number | null;
  keepRandom: number | null;
  includeWords: string[] | null;
  excludeWords: string[] | null;
  filterRegex: string | null;
}

/** A number in [0, 1), like Math.random; injected so that tests can choose. */
export type RandomSource = () => number;

/**
 * Keywords and the regular expression, judged entry by entry. A pattern that runs out of time lets the
 * entry through: a slow pattern must not silently lose mail (validation refuses the known slow shapes).
 */
export function passesContentFilters(entry: DeliveryEntry, filters: SubscriptionFilters): boolean {
  const text = searchableText(entry);
  if (!matchesKeywords(text, filters.includeWords, filters.excludeWords)) return false;
  return !filters.filterRegex || testWithTimeLimit(filters.filterRegex, text) !== 'no-match';
}

/** "Most recent k" or "random k" over one batch; the kept entries stay in their original order. */
export function keepSelection<T extends DeliveryEntry>(
  entries: readonly T[],
  filters: Pick<SubscriptionFilters, 'keepRecent' | 'keepRandom'>,
  random: RandomSource,
): T[] {
  if (filters.keepRecent && entries.length > filters.keepRecent) {
    const newest = [...entries]
      .sort((a, b) => entryDate(b).getTime() - entryDate(a).getTime())
      .slice(0, filters.keepRecent);
    return entries.filter((entry) => newest.includes(entry));
  }
  if (filters.keepRandom && entries.length > filters.keepRandom) {
    const chosen = new Set(sample(entries.length, filters.keepRandom, random));
    return entries.filter((_, index) => chosen.has(index));
  }
  return [...entries];
}

/** Every filter of a subscription over one batch of entries. */
export function applyFilters<T extends DeliveryEntry>(
  entries: readonly T[],
  filters: SubscriptionFilters,
  random: RandomSource,
): T[] {
  return keepSelection(
    entries.filter((entry) => passesContentFilters(entry, filters)),
    filters,
    random,
  );
}

/** k distinct indexes out of n, uniformly (a partial Fisher–Yates shuffle). */
function sample(n: number, k: number, random: RandomSource): number[] {
  const indexes = Array.from({ length: n }, (_, index) => index);
  for (let i = 0; i < k; i += 1) {
    const j = i + Math.floor(random() * (n - i));
    [indexes[i], indexes[j]] = [indexes[j], indexes[i]];
  }
  return indexes.slice(0, k);
}
