import { endsAs, isHeading, leadingTextOf, type PageElement } from './page-element';
import { isBetweenParagraphs, type ProseSpan } from './prose-span';

/** Longer than this, a line holds more than a date and its label. */
const MAX_DATE_LINE_LENGTH = 80;

const MONTHS =
  'jan(?:uary|uar)?|j[äa]nner|feb(?:ruary|ruar)?|mar(?:ch)?|märz|apr(?:il)?|may|mai|jun[ei]?|jul[iy]?|aug(?:ust)?|' +
  'sept?(?:ember)?|oct(?:ober)?|okt(?:ober)?|nov(?:ember)?|dec(?:ember)?|dez(?:ember)?|' +
  'janvier|février|mars|avril|juin|juillet|août|septembre|octobre|novembre|décembre|' +
  'enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre|' +
  'gennaio|febbraio|aprile|maggio|giugno|luglio|settembre|ottobre|dicembre|' +
  'stycznia|lutego|marca|kwietnia|maja|czerwca|lipca|sierpnia|września|października|listopada|grudnia';

const WEEKDAYS =
  'mon|tue|wed|thu|fri|sat|sun|monday|tuesday|wednesday|thursday|friday|saturday|sunday|' +
  'montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonntag|' +
  'lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche|lunes|martes|miércoles|jueves|viernes|sábado|domingo';

/** A day, month and year, or a time of day: what makes a line a date (a year or a month alone does not). */
const DATE_OR_TIME = new RegExp(
  [
    '\\b\\d{1,2}[./-]\\d{1,2}[./-](?:\\d{4}|\\d{2})\\b',
    '\\b\\d{4}[./-]\\d{1,2}[./-]\\d{1,2}\\b',
    `\\b\\d{1,2}(?:\\.|st|nd|rd|th)?\\s+(?:de\\s+)?(?:${MONTHS})\\b`,
    `\\b(?:${MONTHS})\\.?\\s+\\d{1,2}\\b`,
    '\\b\\d{1,2}:\\d{2}\\b',
  ].join('|'),
  'i',
);

/** Edges of a word, for letters beyond ASCII ("à", "März"), which `\\b` does not know. */
const word = (alternatives: string) => `(?<![\\p{L}\\p{N}])(?:${alternatives})(?![\\p{L}\\p{N}])`;

/** What may stand beside the date: its parts, and the label of a publishing date ("Published:", "Aktualisiert am"). */
const DATE_PART = new RegExp(
  [
    word(`${MONTHS}|${WEEKDAYS}`),
    '\\d+(?:st|nd|rd|th|am|pm|h)?',
    word(
      '(?:(?:first|last|zuletzt|originally) )?(?:published|posted|updated|modified|edited|created)|asked|answered|release date|date',
    ),
    word(
      'veröffentlicht|veröffentlichung|publiziert|aktualisiert|erstellt|geändert|letzte änderung|letzte aktualisierung|stand|datum',
    ),
    word(
      'publié|mis à jour|publicado|actualizado|fecha|pubblicato|aggiornato|ultima modifica|opublikowano|aktualizacja|data',
    ),
    word('at|on|am|pm|um|uhr|vom|le|à|el|de|del|a las|il|alle|o'),
    '[^\\p{L}\\p{N}]+',
  ].join('|'),
  'giu',
);

/** A short `time` element with this little text beside it is a date line, not a date in a sentence. */
const MAX_TIME_LINE_LENGTH = 40;

/** A line that dates the article: a short `time` element with little beside it, or a line of a date alone. */
export function isDateLine(element: PageElement, prose: ProseSpan | null): boolean {
  return isTimeLine(element) || isDateOnlyLine(element, prose);
}

function isTimeLine(element: PageElement): boolean {
  if (element.tagName !== 'time' || element.textLength >= MAX_TIME_LINE_LENGTH) return false;
  const { parent } = element;
  if (parent && parent.tagName === 'p' && endsAs(parent, 'sentence')) return false;
  const lineLength = parent?.textLength ?? 0;
  return lineLength - element.textLength < MAX_TIME_LINE_LENGTH;
}

/**
 * A short line that only dates the article ("23.10.2018", "Publiziert: 03.04.2020, 12:35", "asked Feb 6,
 * 2014 at 20:37", "Aktualisiert am 17.01.2021."): no sentence reads so, wherever it sits. A heading
 * between the article's paragraphs is the exception: there a date titles a diary's day or a live blog's update.
 */
function isDateOnlyLine(element: PageElement, prose: ProseSpan | null): boolean {
  if (element.textLength >= MAX_DATE_LINE_LENGTH || element.imageCount > 0 || element.hasBlockChild)
    return false;
  if (isHeading(element) && isBetweenParagraphs(prose, element)) return false;
  if (!isWholeLine(element) || isInTableOrCode(element)) return false;
  const text = leadingTextOf(element);
  return (DATE_OR_TIME.test(text) || DATE_LABEL.test(text)) && text.replace(DATE_PART, '') === '';
}

/** Only the label, over the date that follows ("Release Date:", "Last modified:"). */
const DATE_LABEL = /\p{L}.*:$/u;

/**
 * With text beside it in its parent, the element is a date within a line (a reference's "Retrieved
 * 2016-05-01"); a space between the parent's children is not such text.
 */
function isWholeLine(element: PageElement): boolean {
  const { parent } = element;
  return BLOCKS.has(element.tagName) || !parent || parent.directTextLength <= parent.children.length + 1;
}

const BLOCKS = new Set([
  'p',
  'div',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'dt',
  'dd',
  'address',
  'header',
  'footer',
]);
/** How far up a line looks for the table or the code it belongs to. */
const TABLE_LEVELS = 8;
/** Dates in tables and code are data: a release history, a log. */
const DATA = new Set(['table', 'tr', 'td', 'th', 'pre', 'code']);

function isInTableOrCode(element: PageElement): boolean {
  let ancestor: PageElement | undefined = element;
  for (let level = 0; ancestor && level < TABLE_LEVELS; level++, ancestor = ancestor.parent)
    if (DATA.has(ancestor.tagName)) return true;
  return false;
}
