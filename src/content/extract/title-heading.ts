import { leadingTextOf, type PageElement } from './page-element';
import { type ProseSpan } from './prose-span';

const TITLE_TAGS = new Set(['h1', 'h2']);
/** Longer than this, a heading is not the page's title repeated. */
const MAX_TITLE_LENGTH = 160;
/** Readability's threshold: this share of the heading's words (by length) also in the title. */
const MIN_TITLE_SIMILARITY = 0.75;

/**
 * A heading that repeats the page's title: the result carries the title apart (`title`), and an email
 * shows it as its subject or headline, so the article's text leaves it out, as Readability does.
 */
export function isTitleHeading(element: PageElement, title: string | undefined): boolean {
  if (!title || !TITLE_TAGS.has(element.tagName) || element.textLength > MAX_TITLE_LENGTH) return false;
  return textSimilarity(title, leadingTextOf(element)) > MIN_TITLE_SIMILARITY;
}

/**
 * Where the heading that repeats the page's title starts, in the article's head (before its first
 * paragraph of prose ends); -1 when there is none. What comes before it in the article is the page's
 * furniture over the headline: a kicker, a category, a breadcrumb, a date, a picture's credit.
 */
export function titleHeadingStart(
  parts: readonly PageElement[],
  title: string | undefined,
  prose: ProseSpan | null,
): number {
  return titleHeadingBefore(parts, prose ? prose.from : Infinity, title)?.start ?? -1;
}

/**
 * The first heading that repeats the page's title and starts before `end`, depth first from `roots` in
 * document order, pruned subtrees skipped (no recursion: pages nest deep).
 */
export function titleHeadingBefore(
  roots: readonly PageElement[],
  end: number,
  title: string | undefined,
): PageElement | undefined {
  if (!title) return undefined;
  const stack = [...roots].reverse();
  for (let element = stack.pop(); element; element = stack.pop()) {
    // Depth first in document order, starts only grow: the first one past `end` ends the search.
    if (element.start >= end) return undefined;
    if (element.isPruned) continue;
    if (isTitleHeading(element, title)) return element;
    for (let index = element.children.length - 1; index >= 0; index--) stack.push(element.children[index]);
  }
  return undefined;
}

/** Readability's measure: the share of B's words (by length) that are also words of A. */
function textSimilarity(a: string, b: string): number {
  const wordsOfA = new Set(words(a));
  const wordsOfB = words(b);
  const lengthOfB = wordsOfB.join(' ').length;
  if (lengthOfB === 0) return 0;
  const unshared = wordsOfB.filter((word) => !wordsOfA.has(word)).join(' ').length;
  return 1 - unshared / lengthOfB;
}

function words(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '');
}
