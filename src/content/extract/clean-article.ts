import { classWeight, isNamedBoilerplate, isNamedByline, isSilent } from './article-hints';
import {
  isAdvertisementMark,
  isInterfaceLabel,
  isCallToAction,
  isCreditLine,
  isCreditedCaption,
  isFigureCaption,
  isPageLabelLine,
  isRelatedLabel,
  isRightsNotice,
} from './boilerplate-lines';
import { endsAs, isHeading, linkDensity, type PageElement } from './page-element';
import {
  isAfterProseContainer,
  isBeforeFirstParagraphEnds,
  isBetweenParagraphs,
  isOutsideParagraphs,
  proseSpan,
  type ProseSpan,
} from './prose-span';
import { isDateLine } from './date-lines';
import { isAdvertisingDisclosure } from './disclosure-lines';
import { isSignOffLine, isWidgetLine } from './furniture-lines';
import { isLabelLine } from './orphan-labels';
import { danglingHeadings } from './tail-headings';
import { isTailClutter } from './tail-lines';
import { hasLinkedHeading } from './teaser-cards';
import { isTitleHeading, titleHeadingStart } from './title-heading';

export interface CleaningOptions {
  /** Leave out blocks whose class or id looks negative (Readability's "weight classes"). */
  weighClasses: boolean;
  /** Leave out link farms, negatively named blocks and the like (Readability's "clean conditionally"). */
  cleanConditionally: boolean;
  /** The page's title: a heading repeating it leaves the article's text. */
  title?: string;
}

const CONDITIONALLY_CLEANED = new Set(['div', 'section', 'ul', 'ol', 'table', 'aside', 'header']);
/** Longer than this, a negatively named inline element is more than a credit, a count or a date. */
const MAX_NEGATIVE_INLINE_LENGTH = 200;
const MAX_HEADING_LENGTH = 100;
/**
 * Readability takes the first short byline as metadata; the others (a second credit line, the author's
 * name over a bio) are no more the article's text than the first.
 */
const MAX_BYLINE_LENGTH = 100;

/**
 * What to leave out of the parts of an article, in source order: pruned subtrees; like Readability's conditional
 * cleaning, link farms and negatively named blocks; short negatively named inline elements (photo
 * credits, comment counts, dates); credits named as such; "Read more: <a>…</a>" teaser lines; and a
 * heading that only introduces removed blocks ("Related posts" over a removed list) at the end of its
 * container; headings that end the article's text.
 */
export function excludedRanges(parts: readonly PageElement[], options: CleaningOptions): PageElement[] {
  const excluded: PageElement[] = [];
  const prose = proseSpan(parts);
  const cleaning = { ...options, prose, titleStart: titleHeadingStart(parts, options.title, prose) };
  for (const part of parts) collectExcluded(part, cleaning, excluded);
  excluded.sort((a, b) => a.start - b.start);
  // A removed heading holds the ranges removed inside it: keep the outermost only.
  const outermost: PageElement[] = [];
  let end = -1;
  for (const range of excluded) {
    if (range.start < end) continue;
    outermost.push(range);
    end = range.end;
  }
  if (!options.cleanConditionally) return outermost;
  return [...outermost, ...danglingHeadings(parts, outermost)].sort((a, b) => a.start - b.start);
}

interface Frame {
  element: PageElement;
  next: number;
  lastKept?: PageElement;
  removedSinceLastKept: boolean;
  /** How many children were kept: a block that kept only a label kept nothing the label names. */
  keptCount: number;
  /** The last sibling seen was a label over links to other articles: the links it announces follow. */
  isAfterRelatedLabel?: boolean;
}

interface Cleaning extends CleaningOptions {
  prose: ProseSpan | null;
  /** Where the heading repeating the page's title starts (-1: none in the article's head). */
  titleStart: number;
}

/**
 * Lines told by their words alone (a credit, "Related", "Subscribe", "Tags:", "All rights reserved") are the page around the
 * article, at its head or tail. Between two paragraphs of its prose such words are often the article's
 * own ("Readers can subscribe for free"): there a line without a link is left out only when it cannot be
 * a sentence of the article: a credit that ends like none; a call to action, a rights notice or a
 * related label that ends without a full stop ("Become a member!", "(No liability assumed)"); an
 * advertisement mark; a label over a list of links.
 */
function isToldByWords(element: PageElement, prose: ProseSpan | null, next?: PageElement): boolean {
  if (isInterfaceLabel(element)) return true;
  if (!isBetweenParagraphs(prose, element) || element.linkTextLength > 0)
    return (
      isCreditLine(element) ||
      isRelatedLabel(element) ||
      isCallToAction(element) ||
      isPageLabelLine(element) ||
      isRightsNotice(element) ||
      isAdvertisingDisclosure(element) ||
      isWidgetLine(element)
    );
  return (
    ((isCreditLine(element) || isAdvertisingDisclosure(element)) && !endsAs(element, 'sentence')) ||
    ((isCallToAction(element) || isRightsNotice(element) || isRelatedLabel(element)) &&
      !endsAs(element, 'fullStop')) ||
    isAdvertisementMark(element) ||
    (isRelatedLabel(element) && !!next && isAnnouncedLinks(next))
  );
}

/** Depth-first without recursion: hostile pages nest far deeper than the stack allows. */
function collectExcluded(part: PageElement, options: Cleaning, excluded: PageElement[]): void {
  const frames: Frame[] = [{ element: part, next: 0, removedSinceLastKept: false, keptCount: 0 }];
  while (frames.length > 0) {
    const frame = frames[frames.length - 1];
    const child = frame.element.children[frame.next++];
    if (!child) {
      frames.pop();
      const { lastKept, removedSinceLastKept, keptCount } = frame;
      if (
        lastKept &&
        removedSinceLastKept &&
        (isShortHeading(lastKept) || (keptCount === 1 && isLabelLine(lastKept)))
      )
        excluded.push(lastKept);
    } else if (
      child.isPruned ||
      isClutter(child, options, frame.element.children[frame.next]) ||
      (frame.isAfterRelatedLabel && isLinkList(child))
    ) {
      excluded.push(child);
      frame.removedSinceLastKept ||= !isSilent(child.tagName);
      frame.isAfterRelatedLabel ||= options.cleanConditionally && isRelatedLabel(child);
    } else {
      frame.isAfterRelatedLabel = false;
      frame.lastKept = child;
      frame.removedSinceLastKept = false;
      if (!isSilent(child.tagName)) frame.keptCount++;
      frames.push({ element: child, next: 0, removedSinceLastKept: false, keptCount: 0 });
    }
  }
}

/** Text above the headline in the article (not a picture): a kicker, a category, a breadcrumb, a date. */
function isAboveTitleHeading(element: PageElement, titleStart: number): boolean {
  return element.end <= titleStart && element.textLength > 0 && element.imageCount === 0;
}

/** Links with little prose around them: teaser cards, lists of headlines. */
const MIN_LINK_LIST_DENSITY = 0.25;

function isLinkList(element: PageElement): boolean {
  return element.tagName === 'ul' || element.tagName === 'ol' || linkDensity(element) > MIN_LINK_LIST_DENSITY;
}

/**
 * What a related-articles label announces: a list of links, or cards (pictures and links). Only the label
 * goes for cards: they may hold more text than links, and a page's next block may be an article.
 */
function isAnnouncedLinks(element: PageElement): boolean {
  return isLinkList(element) || (element.imageCount > 0 && element.linkTextLength > 0);
}

function isShortHeading(element: PageElement): boolean {
  return isHeading(element) && element.textLength < MAX_HEADING_LENGTH;
}

function isClutter(element: PageElement, options: Cleaning, next?: PageElement): boolean {
  const { weighClasses, cleanConditionally, prose } = options;
  if (!cleanConditionally) return false;
  const weight = weighClasses ? classWeight(element.className, element.id) : 0;
  if ((weighClasses && isCredit(element)) || isTeaserLine(element) || isCreditedCaption(element)) return true;
  if (isFigureCaption(element)) return true;
  if (weighClasses && isNamedBoilerplate(element)) return true;
  if (isOutsideParagraphs(prose, element) && hasLinkedHeading(element)) return true;
  if (isTailClutter(element, prose) || isAfterProseContainer(prose, element)) return true;
  if (isAboveTitleHeading(element, options.titleStart)) return true;
  if (isBeforeFirstParagraphEnds(prose, element) && isTitleHeading(element, options.title)) return true;
  if (
    weighClasses &&
    isNamedByline(element) &&
    element.textLength < MAX_BYLINE_LENGTH &&
    !element.hasBlockChild
  )
    return true;
  if (isDateLine(element, prose) || isSignOffLine(element) || isToldByWords(element, prose, next))
    return true;
  if (!CONDITIONALLY_CLEANED.has(element.tagName))
    return weight < 0 && element.textLength < MAX_NEGATIVE_INLINE_LENGTH && element.imageCount === 0;
  if (weight < 0) return true;
  const density = linkDensity(element);
  if (weight < 25 && density > 0.5) return true;
  return (
    element.commaCount < 10 && element.textLength < 25 && element.imageCount === 0 && !element.hasBlockChild
  );
}

/** Photo credits and copyright lines, named for what they are. */
const CREDIT = /credit|copyright|(?:image|photo|caption)-?source|bildnachweis|bildquelle/i;

function isCredit(element: PageElement): boolean {
  return CREDIT.test(`${element.className} ${element.id}`) && element.textLength < MAX_NEGATIVE_INLINE_LENGTH;
}

/** Longest label ("Read more:", "See also") of a line that is otherwise one link to another article. */
const MAX_TEASER_LABEL_LENGTH = 30;
const MAX_TEASER_LENGTH = 200;

/** A paragraph that only points at another article: a short label, then mostly a link. */
function isTeaserLine(element: PageElement): boolean {
  if (element.tagName !== 'p' || element.textLength >= MAX_TEASER_LENGTH) return false;
  const label = element.textLength - element.linkTextLength;
  if (linkDensity(element) <= 0.5 || label < 3 || label > MAX_TEASER_LABEL_LENGTH) return false;
  // A headline seldom ends with a full stop; the article's own sentence pointing to a link does.
  return !endsAs(element, 'fullStop');
}
