import { linkDensity, type PageElement } from './page-element';

const LINKED_HEADING_TAGS = new Set(['h2', 'h3', 'h4', 'h5', 'h6']);
const MIN_LINKED_HEADING_DENSITY = 0.5;
/** Bounds the search inside one block: cards are small, and a page's tail may be huge. */
const MAX_SEARCHED_ELEMENTS = 200;

/** A teaser card or a list of them: somewhere inside, a heading that is mostly a link. */
export function hasLinkedHeading(element: PageElement): boolean {
  const stack = [element];
  for (let seen = 0, next = stack.pop(); next && seen < MAX_SEARCHED_ELEMENTS; seen++, next = stack.pop()) {
    if (
      LINKED_HEADING_TAGS.has(next.tagName) &&
      next.textLength > 0 &&
      linkDensity(next) > MIN_LINKED_HEADING_DENSITY
    )
      return true;
    for (const child of next.children) {
      if (stack.length >= MAX_SEARCHED_ELEMENTS) break;
      stack.push(child);
    }
  }
  return false;
}
