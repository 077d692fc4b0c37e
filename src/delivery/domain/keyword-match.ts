/**
 * Keyword filters: an entry passes when it contains at least one include keyword (if any are set) and
 * none of the exclude keywords. A keyword is a word or a phrase, matched case-insensitively as whole
 * words, so `go` does not match "good" and "type theory" matches "Type  Theory".
 */
export function matchesKeywords(
  text: string,
  include: readonly string[] | null,
  exclude: readonly string[] | null,
): boolean {
  return keywordRuleAgainst(text, include, exclude) === null;
}

/** Which keyword rule leaves the text out: no include keyword in it, or this exclude keyword; null when it passes. */
export function keywordRuleAgainst(
  text: string,
  include: readonly string[] | null,
  exclude: readonly string[] | null,
): { rule: 'include'; words: string[] } | { rule: 'exclude'; word: string } | null {
  if (include?.length && !include.some((keyword) => containsKeyword(text, keyword)))
    return { rule: 'include', words: [...include] };
  const excluded = exclude?.find((keyword) => containsKeyword(text, keyword));
  return excluded ? { rule: 'exclude', word: excluded } : null;
}

export function containsKeyword(text: string, keyword: string): boolean {
  const words = keyword.trim().split(/\s+/).filter(Boolean).map(escapeRegExp);
  if (words.length === 0) return false;
  return new RegExp(`(?<![\\p{L}\\p{N}])${words.join('\\s+')}(?![\\p{L}\\p{N}])`, 'iu').test(text);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
}
