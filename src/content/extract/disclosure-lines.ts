import { leadingTextOf, type PageElement } from './page-element';

/** Longer than this, a line about advertising or affiliate links is prose on the subject. */
const MAX_DISCLOSURE_LENGTH = 300;

/**
 * A site's advertising disclosure, as it reads: an advertisement label followed by its explanation
 * ("Anzeige, enthält Affiliate Links", "*Werbung. Dieser Beitrag enthält Werbung für …", "Publicidad |
 * …"), or a note on affiliate links ("This post may contain affiliate links", "Bei den Verlinkungen
 * handelt es sich um Affiliate Links", "liens affiliés"). People who judged extractions never wanted
 * one; a label followed by a word ("Werbung nervt.") is a sentence about advertising.
 */
const ADVERTISING_DISCLOSURE = new RegExp(
  '(?:' +
    [
      '^\\W*(?:anzeige|werbung|unbezahlte werbung|advertorial|sponsored(?: post| content)?|gesponsert|publicidad|publicité|pubblicità|reklama)\\s*[-–—:,.|*/(]',
      'affiliate[- ]?links?',
      'partner-?links',
      'provisions-?links',
      'enlaces de afiliados',
      'liens affiliés',
      'link affiliati',
      'linki afiliacyjne',
      '(?:enthält|beinhaltet) (?:\\w+ ){0,2}werbung',
      '(?:contains?|includes?) (?:\\w+ ){0,2}(?:advertising|sponsored content)',
    ].join('|') +
    ')',
  'i',
);

/** A short line (no picture) that discloses advertising or affiliate links. */
export function isAdvertisingDisclosure(element: PageElement): boolean {
  if (element.textLength >= MAX_DISCLOSURE_LENGTH || element.hasBlockChild || element.imageCount > 0)
    return false;
  return ADVERTISING_DISCLOSURE.test(leadingTextOf(element));
}
