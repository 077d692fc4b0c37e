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
  /** A share widget or a form: pruned once closed if its text turns out short. */
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
}

export function linkDensity(element: PageElement): number {
  return element.textLength === 0 ? 0 : element.linkTextLength / element.textLength;
}
