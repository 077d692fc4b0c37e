import { leadBefore } from './article-lead';
import { excludedRanges, type CleaningOptions } from './clean-article';
import { linkDensity, type PageElement } from './page-element';

export interface AssembledArticle {
  /** Source HTML of the article: the top candidate and its worthy siblings, without pruned parts. */
  html: string;
  topScore: number;
  /** Text kept in `html` (what pruning and cleaning left). */
  textLength: number;
  /** Text of the whole page outside pruned subtrees: how much of it the article covers says a lot. */
  pageTextLength: number;
  linkDensity: number;
}

const TOP_CANDIDATES = 5;
const RIVAL_SCORE_RATIO = 0.75;
const MIN_RIVALS = 3;
const SAME_BLOCK_TEXT_SHARE = 0.9;
/** Bounds the ancestor walk on hostile, very deep pages. */
const MAX_ANCESTORS = 1000;

export type AssembleOptions = CleaningOptions;

/** Picks the best candidate the way Readability does, then cuts its HTML out of the source. */
export function assembleArticle(
  html: string,
  root: PageElement,
  candidates: PageElement[],
  options: AssembleOptions = { weighClasses: true, cleanConditionally: true },
): AssembledArticle {
  // Share widgets and forms are pruned once closed, after their paragraphs scored: not candidates then.
  const live = candidates.filter((candidate) => !isInsidePruned(candidate));
  for (const candidate of live)
    candidate.contentScore = (candidate.contentScore ?? 0) * (1 - linkDensity(candidate));
  const ranked = topCandidates(live);
  const top = ranked.length > 0 ? climbToBetterAncestor(sharedAncestorOfRivals(ranked)) : bodyOf(root);
  const parent = top.parent;
  const picked = parent && parent.tagName !== '#root' ? worthySiblings(top, parent) : [top];
  const parts = [...leadBefore(picked, root, options.title), ...picked];
  const excluded = excludedRanges(parts, options);
  let articleHtml = '';
  for (const part of parts) articleHtml += sliceWithout(html, part, excluded);
  // Pruned subtrees never counted in their ancestors' text; cleaned ones did, and leave it now.
  const cleaned = excluded.filter((element) => !element.isPruned);
  const keptLength = (key: 'textLength' | 'linkTextLength') => sum(parts, key) - sum(cleaned, key);
  const textLength = keptLength('textLength');
  const linkTextLength = keptLength('linkTextLength');
  return {
    html: articleHtml,
    topScore: top.contentScore ?? 0,
    textLength,
    pageTextLength: root.textLength,
    linkDensity: textLength === 0 ? 1 : linkTextLength / textLength,
  };
}

function sum(elements: PageElement[], key: 'textLength' | 'linkTextLength'): number {
  return elements.reduce((total, element) => total + element[key], 0);
}

function topCandidates(candidates: PageElement[]): PageElement[] {
  const ranked: PageElement[] = [];
  for (const candidate of candidates) {
    const index = ranked.findIndex((other) => (candidate.contentScore ?? 0) > (other.contentScore ?? 0));
    ranked.splice(index === -1 ? ranked.length : index, 0, candidate);
    if (ranked.length > TOP_CANDIDATES) ranked.pop();
  }
  return ranked;
}

/**
 * When several near-best candidates share an ancestor, the article is that ancestor (Readability). Only
 * separate blocks are rivals: a candidate wrapping (or wrapped by) the best or another rival with nearly
 * the same text is that block scored again (a box and its text div), and let one short box outvote the
 * article.
 */
function sharedAncestorOfRivals([best, ...others]: PageElement[]): PageElement {
  const bestScore = best.contentScore ?? 0;
  const rivals: PageElement[] = [];
  const rivalAncestors: Array<Set<PageElement>> = [];
  for (const other of others) {
    if ((other.contentScore ?? 0) < bestScore * RIVAL_SCORE_RATIO) continue;
    const ancestors = ancestorsOf(other);
    if ([best, ...rivals].some((block) => isSameBlock(other, ancestors, block))) continue;
    rivals.push(other);
    rivalAncestors.push(ancestors);
  }
  if (rivalAncestors.length < MIN_RIVALS) return best;
  for (let ancestor = best.parent; ancestor && !isBody(ancestor); ancestor = ancestor.parent) {
    const sharing = rivalAncestors.filter((ancestors) => ancestors.has(ancestor as PageElement)).length;
    if (sharing >= MIN_RIVALS) return ancestor;
  }
  return best;
}

function isInsidePruned(element: PageElement): boolean {
  let ancestor: PageElement | undefined = element;
  for (let level = 0; ancestor && level < MAX_ANCESTORS; level++, ancestor = ancestor.parent) {
    if (ancestor.isPruned) return true;
  }
  return false;
}

/** A wrapper and what it wraps, with nearly the same text: one block scored twice. */
function isSameBlock(element: PageElement, ancestors: Set<PageElement>, other: PageElement): boolean {
  const isNested = ancestors.has(other) || (other.start >= element.start && other.end <= element.end);
  const shorter = Math.min(element.textLength, other.textLength);
  return isNested && shorter >= SAME_BLOCK_TEXT_SHARE * Math.max(element.textLength, other.textLength);
}

function ancestorsOf(element: PageElement): Set<PageElement> {
  const ancestors = new Set<PageElement>();
  for (
    let ancestor = element.parent;
    ancestor && ancestors.size < MAX_ANCESTORS;
    ancestor = ancestor.parent
  ) {
    ancestors.add(ancestor);
  }
  return ancestors;
}

function climbToBetterAncestor(candidate: PageElement): PageElement {
  let top = candidate;
  let lastScore = top.contentScore ?? 0;
  const threshold = lastScore / 3;
  for (let ancestor = top.parent; ancestor && !isBody(ancestor); ancestor = ancestor.parent) {
    if (ancestor.contentScore === undefined) continue;
    if (ancestor.contentScore < threshold) break;
    if (ancestor.contentScore > lastScore) {
      top = ancestor;
      break;
    }
    lastScore = ancestor.contentScore;
  }
  while (top.parent && !isBody(top.parent) && contentChildren(top.parent).length === 1) top = top.parent;
  return top;
}

function worthySiblings(top: PageElement, parent: PageElement): PageElement[] {
  const topScore = top.contentScore ?? 0;
  const threshold = Math.max(10, topScore * 0.2);
  return contentChildren(parent).filter((sibling) => {
    if (sibling === top) return true;
    const bonus = sibling.className !== '' && sibling.className === top.className ? topScore * 0.2 : 0;
    if (sibling.contentScore !== undefined && sibling.contentScore + bonus >= threshold) return true;
    const density = linkDensity(sibling);
    // Readability has turned a div without block children into a paragraph by now. Its text is not kept
    // here, so the short-sentence test below stays for real paragraphs.
    const isParagraphLike = sibling.tagName === 'p' || (sibling.tagName === 'div' && !sibling.hasBlockChild);
    if (isParagraphLike && sibling.textLength > 80) return density < 0.25;
    if (sibling.tagName !== 'p') return false;
    return sibling.textLength > 0 && density === 0 && /\.( |$)/.test(sibling.text ?? '.');
  });
}

function sliceWithout(html: string, part: PageElement, excluded: PageElement[]): string {
  let result = '';
  let position = part.start;
  for (const range of excluded) {
    if (range.start < position || range.end > part.end) continue;
    result += html.slice(position, range.start);
    position = range.end;
  }
  return result + html.slice(position, part.end);
}

function contentChildren(element: PageElement): PageElement[] {
  return element.children.filter((child) => !child.isPruned);
}

function bodyOf(root: PageElement): PageElement {
  const html = root.children.find((child) => child.tagName === 'html') ?? root;
  return html.children.find((child) => child.tagName === 'body') ?? root;
}

function isBody(element: PageElement): boolean {
  return element.tagName === 'body' || element.tagName === '#root';
}
