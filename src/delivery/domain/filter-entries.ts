import { testWithTimeLimit } from '../../common/timed-regex';
import { DeliveryEntry, entryDate, searchableText } from './delivery-entry';
import { keywordRuleAgainst } from './keyword-match';

export interface SubscriptionFilters {
  keepRecent: number | null;
  keepRandom: number | null;
  includeWords: string[] | null;
  excludeWords: string[] | null;
  filterRegex: string | null;
}

/** The one filter that left an entry out, as the reader's delivery record names it. */
export type FilterRule =
  | { rule: 'include'; words: string[] }
  | { rule: 'exclude'; word: string }
  | { rule: 'regex'; pattern: string }
  | { rule: 'keep-recent'; count: number }
  | { rule: 'keep-random'; count: number };

/** A number in [0, 1), like Math.random; injected so that tests can choose. */
export type RandomSource = () => number;

/**
 * Keywords and the regular expression, judged entry by entry. A pattern that runs out of time lets the
 * entry through: a slow pattern must not silently lose mail (validation refuses the known slow shapes).
 */
export function passesContentFilters(entry: DeliveryEntry, filters: SubscriptionFilters): boolean {
  return contentRuleAgainst(entry, filters) === null;
}

/** The keyword or regular-expression rule that leaves the entry out, or null when it passes them. */
export function contentRuleAgainst(entry: DeliveryEntry, filters: SubscriptionFilters): FilterRule | null {
  // Most subscriptions have none: a fan-out then makes no plain text of the post per reader.
  if (!filters.includeWords?.length && !filters.excludeWords?.length && !filters.filterRegex) return null;
  const text = searchableText(entry);
  const keywordRule = keywordRuleAgainst(text, filters.includeWords, filters.excludeWords);
  if (keywordRule) return keywordRule;
  return filters.filterRegex && testWithTimeLimit(filters.filterRegex, text) === 'no-match'
    ? { rule: 'regex', pattern: filters.filterRegex }
    : null;
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

/** The rule "most recent k" or "random k" names for the entries it leaves out (null without one). */
export function keepRule(filters: Pick<SubscriptionFilters, 'keepRecent' | 'keepRandom'>): FilterRule | null {
  if (filters.keepRecent) return { rule: 'keep-recent', count: filters.keepRecent };
  if (filters.keepRandom) return { rule: 'keep-random', count: filters.keepRandom };
  return null;
}

/** Every filter of a subscription over one batch of entries. */
export function applyFilters<T extends DeliveryEntry>(
  entries: readonly T[],
  filters: SubscriptionFilters,
  random: RandomSource,
): T[] {
  return judgeEntries(entries, filters, random).flatMap(({ entry, droppedBy }) => (droppedBy ? [] : [entry]));
}

/**
 * Every filter of a subscription over one batch, entry by entry in feed order: kept (`droppedBy` null)
 * or left out by the first rule that did (keywords, then the regular expression, then keep-k over what
 * those kept). `contentOnly` leaves keep-k out (digests choose their k over the whole issue).
 */
export function judgeEntries<T extends DeliveryEntry>(
  entries: readonly T[],
  filters: SubscriptionFilters,
  random: RandomSource,
  options: { contentOnly?: boolean } = {},
): Array<{ entry: T; droppedBy: FilterRule | null }> {
  const content = entries.map((entry) => ({ entry, droppedBy: contentRuleAgainst(entry, filters) }));
  if (options.contentOnly) return content;
  const passing = content.filter((verdict) => !verdict.droppedBy).map((verdict) => verdict.entry);
  const kept = new Set(keepSelection(passing, filters, random));
  const byKeep = keepRule(filters);
  return content.map((verdict) =>
    verdict.droppedBy || kept.has(verdict.entry) ? verdict : { entry: verdict.entry, droppedBy: byKeep },
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
