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

/**
 * Labels over links to other articles ("Related posts", "Read also", "Mehr zum Thema", "Das könnte Sie
 * auch interessieren", "À lire aussi", "Notas relacionadas", "Czytaj też"), as they open a line.
 */
const RELATED_LABEL = new RegExp(
  '^(?:' +
    [
      'related(?: (?:articles?|posts?|stories|coverage|content|reading|news|links|topics))?',
      'read (?:also|more|next|this)',
      'also read',
      'see also',
      'further reading',
      'explore further',
      'more (?:from|on|about|stories|news|articles|posts|like this|to explore|in)\\b',
      'you (?:may|might) (?:also )?(?:like|enjoy|be interested)',
      'recommended(?: for you| reading| articles| stories)?',
      'most (?:popular|read|viewed)',
      'latest (?:news|articles|stories|posts)',
      "don'?t miss",
      'popular (?:posts|articles|stories)',
      '(?:next|previous) (?:article|post|story)',
      'mehr (?:zum thema|zu[mr]? |aus |dazu|themen|artikel|beiträge|news|lesen|über)',
      'weitere (?:artikel|beiträge|news|themen|meldungen|nachrichten)',
      'lesen sie (?:auch|mehr|hier|weiter)',
      'auch interessant',
      'das könnte (?:sie|dich) (?:auch )?interessier',
      '(?:das|dieses) thema könnte',
      'interessante artikel',
      'zum weiterlesen',
      'weiterlesen',
      'siehe auch',
      'empfehlungen (?:aus|der|für)',
      'schon gelesen',
      'neueste (?:artikel|beiträge)',
      'verwandte (?:artikel|themen|beiträge)',
      'ähnliche (?:artikel|beiträge|themen)',
      'beliebte (?:artikel|beiträge)',
      'meistgelesen',
      'passend (?:dazu|zum thema)',
      'zum thema',
      'vorschau auf',
      'redaktionstipp',
      'entdecke weitere',
      'auch auf \\S+\\.[a-z]{2,4}$',
      'à lire aussi',
      'lire aussi',
      'articles liés',
      'sur le même sujet',
      'voir aussi',
      "plus d'articles",
      'notas relacionadas',
      'noticias relacionadas',
      'lee también',
      'leer más',
      'te puede interesar',
      'más sobre',
      'ver también',
      'puedes ver',
      'leggi anche',
      'articoli correlati',
      'potrebbe interessarti',
      'czytaj (?:też|także|również|więcej)',
      'zobacz (?:też|także)',
      'polecamy',
      'lue (?:myös|aiheesta|lisää)',
      'lees (?:ook|meer)',
      'gerelateerde',
    ].join('|') +
    ')',
  'i',
);

/** After a colon, the line names what it points at ("Related: <title>"): a teaser, kept by Readability. */
const TEXT_AFTER_COLON = /:\s*\S/;

/** A short line that announces links to other articles: it goes with the links it announces. */
export function isRelatedLabel(element: PageElement): boolean {
  if (element.textLength >= MAX_RELATED_LABEL_LENGTH || element.imageCount > 0) return false;
  const text = leadingTextOf(element);
  return RELATED_LABEL.test(text) && !TEXT_AFTER_COLON.test(text);
}

/**
 * What a site asks of its reader around an article: follow, share, subscribe, sign up for the newsletter,
 * comment (or read that comments are closed), rate the article. 146 junk snippets of trafilatura's
 * evaluation set say so, one wanted snippet does.
 */
const CALL_TO_ACTION = new RegExp(
  '(?:' +
    [
      'follow (?:us|me)\\b',
      'folge[nt]? (?:sie )?(?:uns|mir)\\b',
      's[ií]guenos',
      'suivez-nous',
      'seguici',
      'obserwuj',
      '\\bshare (?:this|the|on)\\b',
      'teilen\\?|zu teilen|artikel (?:mit anderen )?teilen',
      'partager (?:cet|l)',
      'compart(?:e|ir) (?:esta|este)',
      '\\bsubscribe\\b',
      'abonnieren',
      'abonnez',
      'suscr[ií]b',
      'subskrypc',
      'sign(?:ing)? up for',
      'newsletter',
      '\\bcomments? (?:are )?closed',
      'kommentare? (?:sind )?geschlossen',
      'keine kommentare',
      'no comments',
      'leave a (?:comment|reply)',
      'einen kommentar',
      'in den kommentaren',
      'logged in to (?:post|comment)',
      'einloggen, um',
      'enjoyed (?:reading )?this',
      'gefällt (?:dir|ihnen) (?:unser|dieser|der)',
      'artikel bewerten',
      'bewerten sie',
      'rate this',
      'download (?:the|our) app',
      'letter to the editor',
    ].join('|') +
    ')',
  'i',
);

/** A short line that asks the reader to follow, share, subscribe, comment or rate. */
export function isCallToAction(element: PageElement): boolean {
  if (element.textLength >= MAX_CALL_TO_ACTION_LENGTH || element.hasBlockChild) return false;
  if (linkDensity(element) > MAX_CALL_TO_ACTION_LINK_DENSITY) return false;
  return CALL_TO_ACTION.test(leadingTextOf(element));
}

/**
 * Lines of the page around an article, as they open: advertisement marks (the whole line), ways back or
 * on ("Zurück zur Übersicht", "Next post"), meta labels ("Tags:", "Themen:", "Last modified:") and
 * comment counts and prompts ("12 Kommentare", "Kommentar verfassen"). None was wanted in the judged set.
 */
const PAGE_LABEL = new RegExp(
  '^[\\W\\d]*(?:' +
    [
      '(?:anzeige|advertisement|werbung|reklama|publicidad|publicité|sponsored|advertising)\\W*$',
      'zurück\\b',
      'back to\\b',
      'weiter zu\\b',
      '(?:next|previous) (?:post|article|story|page)\\b',
      'next:',
      '(?:nächste[rs]?|vorherige[rs]?) (?:artikel|beitrag|seite)\\b',
      '(?:tags?|schlagw[öo]rter?|stichw[öo]rter?|kategorien?|categor(?:y|ies)|themen|temas|topics|filed under|posted in|veröffentlicht(?: am)?|aktualisiert(?: am)?|last (?:modified|updated)|release date|opublikowano|autor(?:en|in)?|authors?)\\s*:',
      '(?:kommentare?|comments?|antworten|replies)\\b',
    ].join('|') +
    ')',
  'i',
);

/** A short line of the page around the article: an advertisement mark, a way back, a meta label, comments. */
export function isPageLabelLine(element: PageElement): boolean {
  if (element.textLength >= MAX_PAGE_LABEL_LINE_LENGTH || element.hasBlockChild) return false;
  return PAGE_LABEL.test(leadingTextOf(element));
}
