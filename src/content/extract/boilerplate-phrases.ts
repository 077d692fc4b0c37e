/** Word families, in the languages of the judged pages, that open or make the lines boilerplate-lines.ts leaves out. */

/**
 * A label that opens a picture credit or a source line: "Photo: …", "Foto: …", "Credit: …", "© …",
 * "Photograph by …", "Quelle: …", "Crédits photos : …", "(Fuente: …)". People who judged extractions
 * never wanted such a line (trafilatura's evaluation set: 48 junk snippets start so, no wanted one).
 */
export const CREDIT_LABEL = new RegExp(
  '^[\\s(\\[]*(?:' +
    [
      '©',
      '\\(c\\)',
      'copyright\\b',
      '(?:photo|picture|image|bild|foto|title|titel|cover)?\\s?(?:credits?|crédits?|crédito|nachweis)\\s*:',
      '(?:photo|picture|image) credits?\\b',
      '(?:crédits?|créditos?) (?:de )?(?:photos?|fotos?|images?|imagen)\\s*:',
      '(?:fotos?|photos?|bild(?:er)?|images?|pictures?|photograph(?:ed)?|zdjęcie|fot\\.|kuva|titelbild|beitragsbild|aufmacherbild)\\s*(?::|by\\b|via\\b|von\\b|de\\b)',
      '(?:quelle|source|fuente|fonte|źródło|bron)\\s*:',
    ].join('|') +
    ')',
  'i',
);

/**
 * A figure's label opening its caption: "Abbildung 4:", "Abb.:", "Figure 2:", "Fig. 3.", "Figura 1:",
 * "Rysunek 2:". People who judged extractions never wanted a caption so labelled.
 */
export const FIGURE_LABEL = /^\W*(?:abbildung|abb\.|figure|fig\.|figura|rysunek|ryc\.)\s*\d*\s*:/i;

/** A credit anywhere in a line: a label ("Foto: LN"), an agency in brackets ("(REUTERS/…)"), "©", "Getty Images". */
export const CREDIT_MENTION = new RegExp(
  [
    '(?:\\(|\\b)(?:foto|photo|bild|fot\\.|zdjęcie|imagen|image|crédit|credit|quelle|source|fuente)s?\\s*:',
    '\\((?:reuters|ap|afp|dpa|efe|epa|getty|ansa|pap)\\b',
    '©',
    'getty images',
    '/\\s*(?:reuters|afp|ap|dpa|efe|epa)\\b',
  ].join('|'),
  'i',
);

/**
 * Labels over links to other articles ("Related posts", "Read also", "Mehr zum Thema", "Das könnte Sie
 * auch interessieren", "À lire aussi", "Notas relacionadas", "Czytaj też"), as they open a line.
 */
export const RELATED_LABEL = new RegExp(
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

/**
 * What a site asks of its reader around an article: follow, share, subscribe, sign up for the newsletter,
 * comment (or read that comments are closed), rate the article. 146 junk snippets of trafilatura's
 * evaluation set say so, one wanted snippet does.
 */
export const CALL_TO_ACTION = new RegExp(
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
      'letter to the editor',
      'follow the .{1,30} on (?:twitter|facebook|instagram|linkedin|youtube|telegram)',
      'download (?:the|our) (?:\\w+ ){0,3}apps?\\b',
      'nuestro canal',
      'canal de (?:youtube|whatsapp|telegram)',
      'hazte (?:miembro|socio)',
      'become a (?:member|subscriber|patron)',
      'werden? (?:sie )?mitglied',
      'support (?:our|independent|quality) journalism',
      'unterstütz(?:en sie|e) (?:uns|unsere)',
      'cancel(?:a)? (?:any ?time|cuando quieras)',
      '\\bsubscribers?\\b',
    ].join('|') +
    ')',
  'i',
);

/** A whole line that only marks an advertisement. */
const ADVERTISEMENT =
  '(?:anzeige|advertisement|werbung|reklama|publicidad|publicité|sponsored|advertising)\\W*$';

export const ADVERTISEMENT_MARK = new RegExp(`^[\\W\\d]*${ADVERTISEMENT}`, 'i');

/** The label of a page's control ("Bild anzeigen", "Load more", "Click to enlarge"): never a sentence. */
export const INTERFACE_LABEL = new RegExp(
  '^\\W*(?:' +
    [
      '(?:bild|bilder|mehr|alle|image|images) (?:anzeigen|ansehen|zeigen)',
      'weniger anzeigen',
      'lade weitere',
      'mehr laden',
      'inhalt laden',
      'load(?:ing)? more',
      'show (?:more|less)',
      'zum vergrößern',
      '(?:bild|foto) vergrößern',
      'click to (?:enlarge|expand)',
      'view (?:gallery|image|larger)',
      'toggle navigation',
      'voir plus',
      'afficher plus',
    ].join('|') +
    ')',
  'i',
);

/**
 * Lines of the page around an article, as they open: advertisement marks (the whole line), ways back or
 * on ("Zurück zur Übersicht", "Next post"), meta labels ("Tags:", "Themen:", "Last modified:") and
 * comment counts and prompts ("12 Kommentare", "Kommentar verfassen"). None was wanted in the judged set.
 */
export const PAGE_LABEL = new RegExp(
  '^[\\W\\d]*(?:' +
    [
      ADVERTISEMENT,
      'zurück\\b',
      'back to\\b',
      'weiter zu\\b',
      '(?:next|previous) (?:post|article|story|page)\\b',
      '(?:older|newer) (?:posts?|entr(?:y|ies)|articles?)\\b',
      '(?:nachfolge|vorgänger|folge)(?:beitrag|artikel)\\s*:',
      '(?:article|billet) (?:précédent|suivant)\\b',
      '(?:entrada|artículo|nota) (?:anterior|siguiente)\\b',
      '(?:articolo) (?:precedente|successivo)\\b',
      'next:',
      '(?:nächste[rs]?|vorherige[rs]?) (?:artikel|beitrag|seite)\\b',
      '(?:tags?|schlagw[öo]rter?|stichw[öo]rter?|kategorien?|categor(?:y|ies)|themen|temas|topics|filed under|posted in|veröffentlicht(?: am)?|aktualisiert(?: am)?|last (?:modified|updated)|release date|opublikowano|autor(?:en|in)?|authors?|von|by|por|par|texte?|redaktion|aufrufe|views|zugriffe)\\s*:',
      '(?:kommentare?|comments?|antworten|replies)\\b',
      '(?:kontakt|contact|telefon|phone|tel\\.|e-?mail|fax|pressekontakt|medienkontakt|ansprechpartner(?:in)?)\\s*:',
      '(?:drucken|print(?: (?:recipe|article|this))?|(?:rezept|artikel) drucken)\\W*$',
    ].join('|') +
    ')',
  'i',
);

/**
 * Rights and responsibility notices: "all rights reserved", "copyrighted property", "does not
 * necessarily reflect", "ohne Gewähr" (33 junk snippets of the judged set, one wanted). Lines that open
 * with "©" or "Copyright" are credit lines (CREDIT_LABEL), shorter.
 */
export const RIGHTS_NOTICE = new RegExp(
  '(?:' +
    [
      'copyrighted property',
      'all rights reserved',
      'alle rechte vorbehalten',
      'tous droits réservés',
      'todos los derechos',
      'written permission',
      'nicht notwendigerweise',
      'not necessarily (?:reflect|represent)',
      'does not necessarily',
      'not responsible for',
      'ohne gewähr',
      'chroniony prawem',
      'sofern nicht anders',
      'dieser (?:text|beitrag) (?:wurde|ist|steht) .{0,40}(?:lizenz|veröffentlicht)',
    ].join('|') +
    ')',
  'i',
);
