import { leadingTextOf, type PageElement } from './page-element';

/** Longer than this, a line that starts like a credit is prose about a photo or a source. */
const MAX_CREDIT_LINE_LENGTH = 120;
/** How far up a line looks for the figure or caption it belongs to. */
const CAPTION_LEVELS = 5;
const CAPTION_NAME = /caption/i;

/**
 * A label that opens a picture credit or a source line: "Photo: …", "Foto: …", "Credit: …", "© …",
 * "Photograph by …", "Quelle: …", "Crédits photos : …", "(Fuente: …)". People who judged extractions
 * never wanted such a line (trafilatura's evaluation set: 48 junk snippets start so, no wanted one).
 */
const CREDIT_LABEL = new RegExp(
  '^[\\s(\\[]*(?:' +
    [
      '©',
      '\\(c\\)',
      'copyright\\b',
      '(?:photo|picture|image|bild|foto|title|titel|cover)?\\s?(?:credits?|crédits?|crédito|nachweis)\\s*:',
      '(?:photo|picture|image) credits?\\b',
      '(?:fotos?|photos?|bild(?:er)?|images?|pictures?|photograph(?:ed)?|zdjęcie|fot\\.|titelbild|beitragsbild|aufmacherbild)\\s*(?::|by\\b|via\\b|von\\b|de\\b)',
      '(?:quelle|source|fuente|fonte|źródło|bron)\\s*:',
    ].join('|') +
    ')',
  'i',
);

/**
 * A short line (no picture in it) that only credits a photo or names a source, outside captions: there
 * Readability keeps such lines, and leaving them out measured a loss of agreement with it.
 */
export function isCreditLine(element: PageElement): boolean {
  if (element.textLength >= MAX_CREDIT_LINE_LENGTH || element.imageCount > 0) return false;
  return CREDIT_LABEL.test(leadingTextOf(element)) && !isInCaption(element);
}

function isInCaption(element: PageElement): boolean {
  let ancestor: PageElement | undefined = element;
  for (let level = 0; ancestor && level < CAPTION_LEVELS; level++, ancestor = ancestor.parent) {
    const { tagName, className, id } = ancestor;
    if (tagName === 'figure' || tagName === 'figcaption' || CAPTION_NAME.test(`${className} ${id}`))
      return true;
  }
  return false;
}
