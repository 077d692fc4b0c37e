/**
 * The stack of open elements, with the few tag-omission rules of HTML that matter for well-nested output
 * (`<p>` closed by a block, `<li>` by the next `<li>`, table cells and rows by the next one). Every
 * operation is iterative and bounded: pages nest 100,000 deep and the stack must not care.
 */

const CLOSES_OPEN_PARAGRAPH = new Set(
  'address article aside blockquote center details div dl fieldset figcaption figure footer form h1 h2 h3 h4 h5 h6 header hr main nav ol p pre section summary table ul li dd dt'.split(
    ' ',
  ),
);
const PARAGRAPH_SCOPE_BOUNDARIES = new Set(['table', 'td', 'th', 'caption', 'button', 'object', 'template']);
const HEADINGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
/** Tag omission looks this far down the stack at most, so hostile nesting stays linear. */
const IMPLICIT_CLOSE_SEARCH_LIMIT = 256;

/** For an element that closes an open sibling: which open elements it closes, and which stop the search. */
const SIBLING_RULES: Record<string, { closes: Set<string>; boundaries: Set<string> }> = {
  li: { closes: new Set(['li']), boundaries: new Set(['ul', 'ol', 'table']) },
  dt: { closes: new Set(['dt', 'dd']), boundaries: new Set(['dl', 'table']) },
  dd: { closes: new Set(['dt', 'dd']), boundaries: new Set(['dl', 'table']) },
  tr: { closes: new Set(['tr']), boundaries: new Set(['table', 'thead', 'tbody', 'tfoot']) },
  td: { closes: new Set(['td', 'th']), boundaries: new Set(['tr', 'table']) },
  th: { closes: new Set(['td', 'th']), boundaries: new Set(['tr', 'table']) },
  thead: { closes: new Set(['thead', 'tbody', 'tfoot']), boundaries: new Set(['table']) },
  tbody: { closes: new Set(['thead', 'tbody', 'tfoot']), boundaries: new Set(['table']) },
  tfoot: { closes: new Set(['thead', 'tbody', 'tfoot']), boundaries: new Set(['table']) },
  a: { closes: new Set(['a']), boundaries: new Set(['table', 'td', 'th']) },
};

export class OpenElements<T extends { tagName: string }> {
  private readonly stack: T[] = [];
  private readonly openCount = new Map<string, number>();

  get depth(): number {
    return this.stack.length;
  }

  get current(): T | undefined {
    return this.stack[this.stack.length - 1];
  }

  /** Open elements from the outermost to the innermost (a live view: do not modify). */
  get all(): readonly T[] {
    return this.stack;
  }

  isOpen(tagName: string): boolean {
    return (this.openCount.get(tagName) ?? 0) > 0;
  }

  push(element: T): void {
    this.stack.push(element);
    this.openCount.set(element.tagName, (this.openCount.get(element.tagName) ?? 0) + 1);
  }

  pop(): T | undefined {
    const element = this.stack.pop();
    if (element) this.openCount.set(element.tagName, (this.openCount.get(element.tagName) ?? 1) - 1);
    return element;
  }

  /** How many elements (from the top) a new `tagName` start tag implicitly closes. */
  closedByStartTag(tagName: string): number {
    let closed = 0;
    if (CLOSES_OPEN_PARAGRAPH.has(tagName) && this.isOpen('p')) {
      closed = this.distanceTo(new Set(['p']), PARAGRAPH_SCOPE_BOUNDARIES, IMPLICIT_CLOSE_SEARCH_LIMIT);
    }
    if (HEADINGS.has(tagName) && HEADINGS.has(this.current?.tagName ?? '')) closed = Math.max(closed, 1);
    const rule = SIBLING_RULES[tagName];
    if (rule && [...rule.closes].some((name) => this.isOpen(name))) {
      closed = Math.max(closed, this.distanceTo(rule.closes, rule.boundaries, IMPLICIT_CLOSE_SEARCH_LIMIT));
    }
    return closed;
  }

  /** How many elements (from the top) an end tag closes: 0 when no such element is open. */
  closedByEndTag(tagName: string): number {
    return this.isOpen(tagName) ? this.distanceTo(new Set([tagName]), new Set()) : 0;
  }

  private distanceTo(targets: Set<string>, boundaries: Set<string>, limit = Infinity): number {
    const bottom = Math.max(0, this.stack.length - limit);
    for (let index = this.stack.length - 1; index >= bottom; index--) {
      const name = this.stack[index].tagName;
      if (targets.has(name)) return this.stack.length - index;
      if (boundaries.has(name)) return 0;
    }
    return 0;
  }
}
