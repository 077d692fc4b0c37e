import { classWeight } from './article-hints';
import { linkDensity, type PageElement } from './page-element';
import { titleHeadingBefore } from './title-heading';

/**
 * How far above the article's first part its lead may sit: templates nest the body a few wrappers deep
 * (columns, rows, containers) below the element that also holds its header.
 */
const LEAD_SCOPE_LEVELS = 5;
/**
 * Text of the scope before the article: a title, a lead, a byline, a caption. Beyond this, the scope is a
 * page section, not the article's own (what follows the article does not count: comments, related links).
 */
const MAX_SCOPE_TEXT_BEFORE = 1200;
/** A lead is a sentence or two; a shorter line above the article is a caption, a date line or a kicker. */
const MIN_LEAD_LENGTH = 80;
const MAX_LEAD_LINK_DENSITY = 0.25;
/** A block above the article that is mostly links is the page's (a menu, headlines): no lead in it. */
const MAX_LEAD_BLOCK_LINK_DENSITY = 0.5;
const LEAD_TAGS = new Set(['p', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote']);
/** Captions above the article describe its picture, not its story. */
const SKIPPED_TAGS = new Set(['figure', 'figcaption', 'picture', 'ul', 'ol', 'table', 'a']);

/**
 * A pick shorter than this may be the wrong block, which the extractor's retries replace: a lead found
 * under the title, far from it, must not make it look like a whole article.
 */
const MIN_BODY_LENGTH_FOR_TITLE_LEAD = 500;

/**
 * The article's lead (standfirst, intro, subtitle): prose sitting just above the picked blocks, in a
 * header or title block of the same article, which the scoring leaves out because it is a sibling of
 * an ancestor. Taken from the closest ancestors with little text before the article, never from the
 * page; and from under the heading that repeats the page's title (`title`), however far up the page's
 * template set that heading, as long as little text separates it from the article.
 */
export function leadBefore(parts: PageElement[], root?: PageElement, title?: string): PageElement[] {
  const first = parts[0];
  if (!first) return [];
  const bodyLength = parts.reduce((total, part) => total + part.textLength, 0);
  const underTitle =
    root && bodyLength >= MIN_BODY_LENGTH_FOR_TITLE_LEAD ? leadsUnderTitle(root, first, title) : [];
  return [...new Set([...underTitle, ...nearLeads(first)])].sort((a, b) => a.start - b.start);
}

/** Leads between the heading that repeats the page's title and the article's first part. */
function leadsUnderTitle(root: PageElement, first: PageElement, title: string | undefined): PageElement[] {
  const heading = titleHeadingBefore([root], first.start, title);
  if (!heading) return [];
  let scope: PageElement | undefined = heading.parent;
  while (scope && scope.end < first.start) scope = scope.parent;
  if (!scope) return [];
  const textBetween = textBefore(scope, first.start) - textBefore(scope, heading.end);
  if (textBetween > MAX_SCOPE_TEXT_BEFORE) return [];
  const leads: PageElement[] = [];
  collectLeads(scope, first.start, leads);
  return leads.filter((lead) => lead.start >= heading.end);
}

/** Leads in the closest ancestors of the article's first part. */
function nearLeads(first: PageElement): PageElement[] {
  let scope: PageElement | undefined;
  let ancestor = first.parent;
  for (let level = 0; ancestor && level < LEAD_SCOPE_LEVELS && !isBody(ancestor); level++) {
    if (textBefore(ancestor, first.start) > MAX_SCOPE_TEXT_BEFORE) break;
    scope = ancestor;
    ancestor = ancestor.parent;
  }
  if (!scope) return [];
  const leads: PageElement[] = [];
  collectLeads(scope, first.start, leads);
  return leads;
}

/** Text of an element before a position in it (pruned subtrees hold none). */
function textBefore(element: PageElement, position: number): number {
  let length = 0;
  let parent: PageElement | undefined = element;
  while (parent) {
    let inside: PageElement | undefined;
    for (const child of parent.children) {
      if (child.isPruned || child.start >= position) continue;
      if (child.end <= position) length += child.textLength;
      else inside = child;
    }
    parent = inside;
  }
  return length;
}

function collectLeads(element: PageElement, before: number, leads: PageElement[]): void {
  for (const child of element.children) {
    if (child.start >= before) return;
    if (child.isPruned) continue;
    // An ancestor of the article is searched whatever its name ("field--label-hidden" holds the body too).
    if (child.end > before) collectLeads(child, before, leads);
    else if (SKIPPED_TAGS.has(child.tagName) || classWeight(child.className, child.id) < 0) continue;
    else if (isLead(child)) leads.push(child);
    else if (linkDensity(child) <= MAX_LEAD_BLOCK_LINK_DENSITY) collectLeads(child, before, leads);
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
