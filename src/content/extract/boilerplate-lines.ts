import {
  ADVERTISEMENT_MARK,
  CALL_TO_ACTION,
  CREDIT_LABEL,
  CREDIT_MENTION,
  FIGURE_LABEL,
  INTERFACE_LABEL,
  PAGE_LABEL,
  RELATED_LABEL,
  RIGHTS_NOTICE,
} from './boilerplate-phrases';
import { leadingTextOf, linkDensity, type PageElement } from './page-element';

/** Longer than this, a line that starts like a credit is prose about a photo or a source. */
const MAX_CREDIT_LINE_LENGTH = 120;
/** Longer than this, a line that opens like "More on this" is prose, not a label over links. */
const MAX_RELATED_LABEL_LENGTH = 80;
/** Longer than this, a line that mentions subscribing or sharing is prose about it. */
const MAX_CALL_TO_ACTION_LENGTH = 200;
/** Mostly links, the line is a site's menu ("Order Reprints | Today's Paper | Subscribe"), which Readability keeps. */
const MAX_CALL_TO_ACTION_LINK_DENSITY = 0.5;
/** Longer than this, a line that opens like a site's label ("Tags:", "Back to") says more. */
const MAX_PAGE_LABEL_LINE_LENGTH = 100;
/** Longer than this, a line about copyright or responsibility is prose on the subject. */
const MAX_RIGHTS_NOTICE_LENGTH = 250;
/** Longer than this, a line that opens like a control's label ("Show more") goes on as prose. */
const MAX_INTERFACE_LABEL_LENGTH = 60;
/**
 * A short line (no picture in it) that only credits a photo or names a source, in a caption too: people
 * who judged extractions never wanted one there either, and Readability's expected texts hardly differ.
 */
export function isCreditLine(element: PageElement): boolean {
  if (element.textLength >= MAX_CREDIT_LINE_LENGTH || element.imageCount > 0) return false;
  return CREDIT_LABEL.test(leadingTextOf(element));
}

/** Longer than this, a caption's leading text may not hold all of it. */
const MAX_CREDITED_CAPTION_LENGTH = 160;

/**
 * A picture's caption that names who took it ("… (REUTERS/Denis Balibouse)", "… Foto: LN"): people who
 * judged extractions wanted none of them (a caption without a credit stays, as Readability keeps it).
 */
export function isCreditedCaption(element: PageElement): boolean {
  if (element.textLength >= MAX_CREDITED_CAPTION_LENGTH) return false;
  return CREDIT_MENTION.test(leadingTextOf(element)) && isByPicture(element);
}

/** How far up a caption sits from the block that pairs it with its picture. */
const CAPTION_LEVELS = 3;
/** A picture's block may hold white space or a label ("Zoom"), not a line of its own. */
const MAX_PICTURE_TEXT_LENGTH = 25;

/** A figure's text, or a block that follows a picture with hardly any text: a caption by its place. */
function isByPicture(element: PageElement): boolean {
  let block: PageElement | undefined = element;
  for (let level = 0; block?.parent && level < CAPTION_LEVELS; level++, block = block.parent) {
    if (block.tagName === 'figure' || block.tagName === 'figcaption') return true;
    const siblings = block.parent.children;
    const before = siblings[siblings.indexOf(block) - 1];
    if (before && before.imageCount > 0 && before.textLength < MAX_PICTURE_TEXT_LENGTH) return true;
  }
  return false;
}

/** Longer than this, a line that opens like a figure's label goes on as prose about it. */
const MAX_FIGURE_CAPTION_LENGTH = 600;

/** A figure's caption, told by its label ("Abbildung 4: …", "Figure 2: …"): never a sentence of prose. */
export function isFigureCaption(element: PageElement): boolean {
  if (element.textLength >= MAX_FIGURE_CAPTION_LENGTH || element.hasBlockChild) return false;
  return FIGURE_LABEL.test(leadingTextOf(element));
}

/** After a colon, the line names what it points at ("Related: <title>"): a teaser, kept by Readability. */
const TEXT_AFTER_COLON = /:\s*\S/;

/** A short line that announces links to other articles: it goes with the links it announces. */
export function isRelatedLabel(element: PageElement): boolean {
  if (element.textLength >= MAX_RELATED_LABEL_LENGTH || element.imageCount > 0) return false;
  const text = leadingTextOf(element);
  return RELATED_LABEL.test(text) && !TEXT_AFTER_COLON.test(text);
}

/** A short line that asks the reader to follow, share, subscribe, comment or rate. */
export function isCallToAction(element: PageElement): boolean {
  if (element.textLength >= MAX_CALL_TO_ACTION_LENGTH || element.hasBlockChild) return false;
  if (linkDensity(element) > MAX_CALL_TO_ACTION_LINK_DENSITY) return false;
  return CALL_TO_ACTION.test(leadingTextOf(element));
}

/** A short line of the page around the article: an advertisement mark, a way back, a meta label, comments. */
export function isPageLabelLine(element: PageElement): boolean {
  if (element.textLength >= MAX_PAGE_LABEL_LINE_LENGTH || element.hasBlockChild) return false;
  return PAGE_LABEL.test(leadingTextOf(element));
}

/** A line that only says "Advertisement" (in a few languages): never a sentence of the article. */
export function isAdvertisementMark(element: PageElement): boolean {
  return element.textLength < MAX_PAGE_LABEL_LINE_LENGTH && ADVERTISEMENT_MARK.test(leadingTextOf(element));
}

/** A short line that labels one of the page's controls: a button or a toggle's words. */
export function isInterfaceLabel(element: PageElement): boolean {
  return element.textLength < MAX_INTERFACE_LABEL_LENGTH && INTERFACE_LABEL.test(leadingTextOf(element));
}

/** A short line that reserves rights or disclaims responsibility. */
export function isRightsNotice(element: PageElement): boolean {
  if (element.textLength >= MAX_RIGHTS_NOTICE_LENGTH || element.hasBlockChild) return false;
  return RIGHTS_NOTICE.test(leadingTextOf(element));
}
