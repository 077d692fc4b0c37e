import { linkDensity, type PageElement } from './page-element';

/**
 * Where an article's prose runs, by source offsets: its first and last paragraphs of prose. Before the
 * first is the article's head, after the last its tail; between them a line sits among the article's own
 * sentences. Null when the article has fewer than two such paragraphs.
 */
export interface ProseSpan {
  /** Where the first paragraph of prose starts and the last one ends. */
  start: number;
  end: number;
  /** Where the first paragraph of prose ends and the last one starts. */
  from: number;
  to: number;
  /** The smallest element holding the first and the last paragraph of prose. */
  container: PageElement;
}

/** Shorter than this, or mostly links, a paragraph does not mark where the article's prose runs. */
const MIN_PROSE_LENGTH = 100;
const MAX_PROSE_LINK_DENSITY = 0.25;

/** Over all the parts of the article: a part may be one paragraph of it. */
export function proseSpan(parts: readonly PageElement[]): ProseSpan | null {
  let first: PageElement | null = null;
  let last: PageElement | null = null;
  const stack = [...parts];
  for (let element = stack.pop(); element; element = stack.pop()) {
    if (element.isPruned) continue;
    if (
      element.tagName === 'p' &&
      element.textLength >= MIN_PROSE_LENGTH &&
      linkDensity(element) <= MAX_PROSE_LINK_DENSITY
    ) {
      if (!first || element.start < first.start) first = element;
      if (!last || element.start > last.start) last = element;
    } else for (const child of element.children) stack.push(child);
  }
  return first && last && first !== last
    ? {
        start: first.start,
        end: last.end,
        from: first.end,
        to: last.start,
        container: sharedAncestor(first, last),
      }
    : null;
}

/** The nearest ancestor of `first` that also holds `last`. */
function sharedAncestor(first: PageElement, last: PageElement): PageElement {
  let ancestor = first.parent as PageElement;
  while (ancestor.end < last.end && ancestor.parent) ancestor = ancestor.parent;
  return ancestor;
}

type Range = Pick<PageElement, 'start' | 'end'>;

/** Between the first paragraph of prose and the last (touching either counts). */
export function isBetweenParagraphs(prose: ProseSpan | null, element: Range): boolean {
  return !!prose && element.start >= prose.from && element.end <= prose.to;
}

/** Wholly before the first paragraph of prose or after the last. */
export function isOutsideParagraphs(prose: ProseSpan | null, element: Range): boolean {
  return !!prose && (element.end <= prose.start || element.start >= prose.end);
}

/** Starting before the first paragraph of prose ends: the article's head (all of it without prose). */
export function isBeforeFirstParagraphEnds(prose: ProseSpan | null, element: Range): boolean {
  return !prose || element.start < prose.from;
}

/**
 * After the element that holds the article's prose: a block the page set beside the article's body
 * (comments, sharing, related links, tags), not a line of it.
 */
export function isAfterProseContainer(prose: ProseSpan | null, element: Range): boolean {
  return !!prose && element.start >= prose.container.end;
}

/** Starting once the first paragraph of prose is over: between paragraphs or in the tail. */
export function isAfterFirstParagraph(prose: ProseSpan | null, element: Range): boolean {
  return !!prose && element.start >= prose.from;
}

/** Wholly after the last paragraph of prose: the article's tail. */
export function isAfterParagraphs(prose: ProseSpan | null, element: Range): boolean {
  return !!prose && element.start >= prose.end;
}
