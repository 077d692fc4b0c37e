import { endsAs, isHeading, type PageElement } from './page-element';

/** Longer than this, a heading is more than the title of a map, a form or a list of links. */
const MAX_HEADING_LENGTH = 100;
/** A heading over a dangling heading ("Service" over "More information:") goes too, but not on and on. */
const MAX_DANGLING_HEADINGS = 3;

/**
 * Headings that end the article's text: nothing of it follows them, only what was left out (a map,
 * a contact form, links to other articles) or pictures. They announce what is no longer there
 * ("The map to save:", "More information on the virus:", "Sign up for a ride?").
 */
export function danglingHeadings(
  parts: readonly PageElement[],
  excluded: readonly PageElement[],
): PageElement[] {
  const left = new Set(excluded);
  const dangling: PageElement[] = [];
  while (dangling.length < MAX_DANGLING_HEADINGS) {
    const last = lastText(parts, left);
    if (!last || !isHeading(last) || last.textLength >= MAX_HEADING_LENGTH) break;
    // A heading that ends like a statement is a pull quote from the article, which may close it.
    if (endsAs(last, 'statement')) break;
    dangling.push(last);
    left.add(last);
  }
  return dangling;
}

/**
 * The element holding the article's last text (a heading as a whole): depth-first from the end,
 * without recursion, skipping what is left out and what holds no text.
 */
function lastText(parts: readonly PageElement[], left: ReadonlySet<PageElement>): PageElement | null {
  const stack: Array<{ element: PageElement; next: number }> = [];
  const enter = (element: PageElement) => stack.push({ element, next: element.children.length - 1 });
  for (let index = parts.length - 1; index >= 0; index--) {
    enter(parts[index]);
    while (stack.length > 0) {
      const frame = stack[stack.length - 1];
      const { element } = frame;
      if (frame.next === element.children.length - 1 && !holdsText(element, left)) stack.pop();
      else if (isHeading(element)) return element;
      else if (frame.next >= 0) enter(element.children[frame.next--]);
      else if (hasOwnText(element)) return element;
      else stack.pop();
    }
  }
  return null;
}

function holdsText(element: PageElement, left: ReadonlySet<PageElement>): boolean {
  return !element.isPruned && !left.has(element) && element.textLength > 0;
}

/**
 * Text of the element's own, not of its children: more than the white space between its children
 * (each run of which counts one once collapsed).
 */
function hasOwnText(element: PageElement): boolean {
  return element.directTextLength > element.children.length + 1;
}
