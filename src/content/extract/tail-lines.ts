import { endsAs, leadingTextOf, linkDensity, type PageElement } from './page-element';
import { isAfterFirstParagraph, isAfterParagraphs, type ProseSpan } from './prose-span';

/** This much of a line in links, it says nothing but where to go next. */
const MIN_LINK_LINE_DENSITY = 0.9;
/** Longer than this, a line of links is more than a title; its leading text would not show its end. */
const MAX_LINK_LINE_LENGTH = 150;
/** An address written out: a reference or a source the article names, not a teaser. */
const WRITTEN_ADDRESS = /https?:\/\/|www\./i;
const INFORMATION_LABEL = new RegExp(
  '^\\W*(?:(?:weitere|mehr) (?:informationen|infos)|(?:more|further) information|más información|' +
    "plus d'informations|ulteriori informazioni|więcej informacji|kontakt|contact(?: us)?|contacto|" +
    '(?:presse|medien|press|media)-?\\s?(?:kontakt|contact)|ansprechpartner(?:in)?(?: zum thema| für die presse)?)\\W*$',
  'i',
);
const MAX_INFORMATION_LABEL_LENGTH = 40;
/** A block that points at another page: a teaser (a picture, a title and a line, linked or not). */
const TEASER_NAME = /teaser/i;
/** A picture gallery's own block may be named as a teaser of it: its captions stay with the pictures. */
const GALLERY_NAME = /galler|galerie|bildstrecke|slideshow/i;
/** How far up a teaser looks for the gallery it may be a slide of. */
const GALLERY_LEVELS = 4;

/**
 * Blocks that belong to the page around the article rather than to it: after its last paragraph of
 * prose, a paragraph or bullet that is nothing but a link (the next post, another story, a gallery);
 * once its first paragraph is over, teasers named as such (between paragraphs too: an inline "more on
 * this" box). Before the first paragraph "teaser" is also the name German news sites give their lead.
 */
export function isTailClutter(element: PageElement, prose: ProseSpan | null): boolean {
  if (isAfterFirstParagraph(prose, element) && isNamedTeaser(element)) return true;
  return isAfterParagraphs(prose, element) && (isLinkLine(element) || isInformationLabel(element));
}

function isLinkLine(element: PageElement): boolean {
  if (!isLine(element) || element.imageCount > 0 || element.textLength > MAX_LINK_LINE_LENGTH) return false;
  if (linkDensity(element) < MIN_LINK_LINE_DENSITY) return false;
  // A closing sentence that is all link ("The petition is here.") is the article's.
  return !endsAs(element, 'sentence') && !WRITTEN_ADDRESS.test(leadingTextOf(element));
}

/**
 * A paragraph, or an item of a list without numbers: numbered items are steps or references, which
 * the article may link one by one.
 */
function isLine(element: PageElement): boolean {
  return element.tagName === 'p' || (element.tagName === 'li' && element.parent?.tagName === 'ul');
}

/**
 * A label alone over what the page adds after the article ("Weitere Informationen:", "More information",
 * "Kontakt", "Ansprechpartnerin zum Thema:"): contacts, downloads, links. A link so named is the article's own pointer, inside its sentence.
 */
function isInformationLabel(element: PageElement): boolean {
  if (element.textLength > MAX_INFORMATION_LABEL_LENGTH || element.linkTextLength > 0) return false;
  return INFORMATION_LABEL.test(leadingTextOf(element));
}

function isNamedTeaser(element: PageElement): boolean {
  return TEASER_NAME.test(nameOf(element)) && !isInGallery(element);
}

function isInGallery(element: PageElement): boolean {
  let ancestor: PageElement | undefined = element;
  for (let level = 0; ancestor && level <= GALLERY_LEVELS; level++, ancestor = ancestor.parent) {
    if (GALLERY_NAME.test(nameOf(ancestor))) return true;
  }
  return false;
}

function nameOf({ className, id }: PageElement): string {
  return `${className} ${id}`;
}
