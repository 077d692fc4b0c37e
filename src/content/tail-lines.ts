import { leadingTextOf, linkDensity, type PageElement } from './page-element';
import { isAfterParagraphs, type ProseSpan } from './prose-span';

/** This much of a line in links, it says nothing but where to go next. */
const MIN_LINK_LINE_DENSITY = 0.9;
/** A sentence ends so: a closing sentence that is all link ("The petition is here.") is the article's. */
const SENTENCE_END = /[.!?]["'”’»)]*$/;
/** Longer than this, a line of links is more than a title; its leading text would not show its end. */
const MAX_LINK_LINE_LENGTH = 150;
/** An address written out: a reference or a source the article names, not a teaser. */
const WRITTEN_ADDRESS = /https?:\/\/|www\./i;

/**
 * Lines after the article's last paragraph of prose that belong to the page around it rather than
 * to the article: a paragraph that is nothing but a link (the next post, another story, a gallery).
 */
export function isTailClutter(element: PageElement, prose: ProseSpan | null): boolean {
  return isAfterParagraphs(prose, element) && isLinkLine(element);
}

function isLinkLine(element: PageElement): boolean {
  if (element.tagName !== 'p' || element.imageCount > 0 || element.textLength > MAX_LINK_LINE_LENGTH)
    return false;
  if (linkDensity(element) < MIN_LINK_LINE_DENSITY) return false;
  const text = leadingTextOf(element);
  return !SENTENCE_END.test(text) && !WRITTEN_ADDRESS.test(text);
}
