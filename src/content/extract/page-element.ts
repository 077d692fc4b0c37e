/** What the streaming pass remembers about one element of a page: where it is and what it contains. */
export interface PageElement {
  tagName: string;
  className: string;
  id: string;
  parent?: PageElement;
  /** Element children, in document order, including pruned ones (so their source can be left out). */
  children: PageElement[];
  /** Source offsets of the whole element, start tag to end tag. */
  start: number;
  end: number;
  isPruned: boolean;
  /** A share widget, a "read more" block or a form: pruned once closed if its text turns out short. */
  isPrunedIfShort: boolean;
  /** Inputs, selects and text areas inside a form: the more it asks, the more text it needs to be content. */
  fieldCount: number;
  textLength: number;
  linkTextLength: number;
  commaCount: number;
  directTextLength: number;
  directCommaCount: number;
  imageCount: number;
  hasBlockChild: boolean;
  /** Readability's content score; defined once the element became a candidate. */
  contentScore?: number;
  /** Text, kept only for elements that need it (paragraphs when matching a summary, bylines). */
  text?: string;
  /** The start of the element's text, nested elements included: enough to read a line's label. */
  leadingText?: string;
}

/** Long enough for a label ("Photo: …", "Read more:") and a short line after it. */
const LEADING_TEXT_LENGTH = 160;
/** Text reaches this many enclosing elements: lines nest a few inline elements deep, not more. */
const LEADING_TEXT_LEVELS = 6;

/**
 * Adds a text token, its white space already collapsed, to the leading text of the innermost open
 * elements (bounded in length and depth); a space that would double one at the join is dropped, so the
 * leading text stays collapsed.
 */
export function addLeadingText(openElements: readonly PageElement[], collapsedText: string): void {
  const bottom = Math.max(0, openElements.length - LEADING_TEXT_LEVELS);
  for (let index = openElements.length - 1; index >= bottom; index--) {
    const element = openElements[index];
    const leading = element.leadingText ?? '';
    if (leading.length >= LEADING_TEXT_LENGTH) continue;
    const piece =
      leading.endsWith(' ') && collapsedText.startsWith(' ') ? collapsedText.slice(1) : collapsedText;
    element.leadingText = leading + piece.slice(0, LEADING_TEXT_LENGTH);
  }
}

/** An element's leading text (collapsed as it was collected), without its outer white space. */
export function leadingTextOf(element: PageElement): string {
  return (element.leadingText ?? '').trim();
}

export function linkDensity(element: PageElement): number {
  return element.textLength === 0 ? 0 : element.linkTextLength / element.textLength;
}

const HEADINGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);

export function isHeading(element: PageElement): boolean {
  return HEADINGS.has(element.tagName);
}

const LINE_ENDINGS = {
  sentence: /[.!?]["'”’»)]*$/,
  statement: /[.!]["'”’»)]*$/,
  fullStop: /\.["'”’»)]*$/,
};

/**
 * How the element's leading text ends, closing quotes and brackets aside: as a sentence ("." "!" "?"),
 * as a statement (no question), or with a full stop. Labels, credits and headlines seldom do.
 */
export function endsAs(element: PageElement, ending: keyof typeof LINE_ENDINGS): boolean {
  return LINE_ENDINGS[ending].test(leadingTextOf(element));
}
