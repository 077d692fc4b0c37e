import { classWeight } from './article-hints';
import { linkDensity, type PageElement } from './page-element';

/** How far above the article's first part its lead may sit (a header, a title block, the article element). */
const LEAD_SCOPE_LEVELS = 3;
/** Text of the scope outside the article: beyond this, the scope is a page section, not the article's own. */
const MAX_SCOPE_EXTRA_LENGTH = 700;
const MIN_LEAD_LENGTH = 60;
const MAX_LEAD_LINK_DENSITY = 0.25;
const LEAD_TAGS = new Set(['p', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote']);
/** Captions above the article describe its picture, not its story. */
const SKIPPED_TAGS = new Set(['figure', 'figcaption', 'picture', 'ul', 'ol', 'table', 'a']);

/**
 * The article's lead (standfirst, intro, subtitle): prose sitting just above the picked blocks, in a
 * header or title block of the same article, which the scoring leaves out because it is a sibling of
 * an ancestor. Taken from the closest ancestors whose only other text is short, never from the page.
 */
export function leadBefore(parts: PageElement[], articleLength: number): PageElement[] {
  const first = parts[0];
  if (!first) return [];
  let scope: PageElement | undefined;
  let ancestor = first.parent;
  for (let level = 0; ancestor && level < LEAD_SCOPE_LEVELS && !isBody(ancestor); level++) {
    if (ancestor.textLength - articleLength > MAX_SCOPE_EXTRA_LENGTH) break;
    scope = ancestor;
    ancestor = ancestor.parent;
  }
  if (!scope) return [];
  const leads: PageElement[] = [];
  collectLeads(scope, first.start, leads);
  return leads;
}

function collectLeads(element: PageElement, before: number, leads: PageElement[]): void {
  for (const child of element.children) {
    if (child.start >= before) return;
    if (child.isPruned || SKIPPED_TAGS.has(child.tagName) || classWeight(child.className, child.id) < 0)
      continue;
    if (child.end > before) collectLeads(child, before, leads);
    else if (isLead(child)) leads.push(child);
    else collectLeads(child, before, leads);
  }
}

function isLead(element: PageElement): boolean {
  if (element.textLength < MIN_LEAD_LENGTH || element.imageCount > 0) return false;
  if (linkDensity(element) > MAX_LEAD_LINK_DENSITY) return false;
  return LEAD_TAGS.has(element.tagName) || (element.tagName === 'div' && !element.hasBlockChild);
}

function isBody(element: PageElement): boolean {
  return element.tagName === 'body' || element.tagName === '#root' || element.tagName === 'html';
}
