import { leadingTextOf, type PageElement } from './page-element';

/**
 * What a page's widgets say inside an article: an embed's consent placeholder ("Wir respektieren deine
 * Privatsphäre", "um den Inhalt von … zu laden", "korzystamy z cookies"), a comment form's login state
 * ("Sie sind aktuell nicht eingeloggt", "must be logged in"), a download link ("als PDF herunterladen"),
 * a shop's confirmation ("wurde erfolgreich hinzugefügt", "added to your cart").
 */
const WIDGET_WORDS = new RegExp(
  '(?:' +
    [
      'respekt\\w* (?:deine|ihre) privatsphäre',
      'respect your privacy',
      'ohne (?:dein|ihr)e?n? (?:einverständnis|zustimmung)',
      'den inhalt von \\S+ zu laden',
      'externe[nr]? inhalte? (?:laden|anzeigen|zu laden)',
      'click (?:here )?to load',
      'load external content',
      'accept (?:the |all )?cookies',
      'korzystamy z (?:plików )?cookies',
      'utilizamos cookies',
      'nous utilisons des cookies',
      'wir (?:verwenden|nutzen) cookies',
      'we use cookies',
      'nicht (?:mehr )?(?:eingeloggt|angemeldet)',
      '(?:eingeloggt|angemeldet|registriert) sein,? um',
      'not logged in',
      'must be (?:logged|signed) in',
      'connectez-vous pour',
      'iniciar sesión para',
      'zaloguj się,? aby',
      'als pdf (?:herunterladen|downloaden|speichern)',
      'pdf herunterladen',
      'download (?:as |the )?pdf',
      'télécharger (?:le |en )?pdf',
      'descargar (?:en )?pdf',
      'erfolgreich (?:\\S+ ){0,3}hinzugefügt',
      'added to (?:your )?(?:cart|basket|wishlist|bag)',
      'ajouté au panier',
      'añadido al carrito',
      'add (?:the |all )?(?:ingredients|items?|products?) to (?:your )?(?:cart|basket|bag)',
      'buy (?:this |a |single )?article',
      'instant access to the full',
    ].join('|') +
    ')',
  'i',
);

/** Longer than this, a line that mentions cookies, logins or downloads is prose about them. */
const MAX_WIDGET_LINE_LENGTH = 300;

/** A short line of one of the page's widgets: consent placeholders, login states, downloads, cart notices. */
export function isWidgetLine(element: PageElement): boolean {
  if (element.textLength >= MAX_WIDGET_LINE_LENGTH) return false;
  return WIDGET_WORDS.test(leadingTextOf(element));
}

/** Initials and agencies that sign a report off ("aja/PAP", "dpa/AFP", "(kna/epd)"): never a sentence. */
const SIGN_OFF = /^\(?\p{L}{2,5} ?\/ ?\p{L}{2,6}(?: ?\/ ?\p{L}{2,6})*\)?$/u;

/** A line that is only a report's sign-off. */
export function isSignOffLine(element: PageElement): boolean {
  return element.textLength < 40 && !element.hasBlockChild && SIGN_OFF.test(leadingTextOf(element));
}
