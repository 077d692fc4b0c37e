/** Zone names seen in feed dates, as minutes east of UTC (RFC 822's, US ones without S/D, Europe's, Asia's). */
const ZONES: Record<string, number> = {
  UT: 0,
  UTC: 0,
  GMT: 0,
  Z: 0,
  WET: 0,
  'ETC/GMT': 0,
  'ETC/UTC': 0,
  BST: 60,
  CET: 60,
  MET: 60,
  WEST: 60,
  CEST: 120,
  MEST: 120,
  EET: 120,
  EEST: 180,
  MSK: 180,
  IST: 330,
  HKT: 480,
  SGT: 480,
  AWST: 480,
  JST: 540,
  KST: 540,
  ACST: 570,
  AEST: 600,
  AEDT: 660,
  NZST: 720,
  NZDT: 780,
  AST: -240,
  ADT: -180,
  AT: -240,
  EST: -300,
  EDT: -240,
  ET: -300,
  CST: -360,
  CDT: -300,
  CT: -360,
  MST: -420,
  MDT: -360,
  MT: -420,
  PST: -480,
  PDT: -420,
  PT: -480,
  AKST: -540,
  AKDT: -480,
  HST: -600,
};
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

const TIME = String.raw`(\d{1,2}):(\d{2})(?::(\d{2})(?:[.,]\d+)?)?`;
const ZONE = String.raw`([A-Za-z]{1,5}(?:\/[A-Za-z]+)?(?:\s*[+-]\d{1,2}(?::?\d{2})?)?|[+-]\d{2}:?\d{2}|[+-]\d{2})`;
const MONTH = String.raw`([A-Za-z]{3,9})\.?`;
const DAY_NAME = String.raw`(?:[A-Za-z]+\.?,?\s*)?`;

/** W3C-DTF / ISO 8601, with a space instead of `T`, and Google's three-digit month. */
const ISO = new RegExp(
  String.raw`^(\d{4})(?:-(\d{2,3})(?:-(\d{2}))?)?(?:[T ]${TIME}\s*(Z|[+-]\d{2}(?::?\d{2})?)?)?$`,
  'i',
);
/** ISO 8601's basic format: 20031231T101455Z. */
const ISO_BASIC = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})?\s*(Z|[+-]\d{2}:?\d{2})?)?$/i;
/** Two-digit years: 03-12-31, 031231, -03-12, -0312. */
const ISO_SHORT = /^(\d{2})-?(\d{2})-?(\d{2})$|^-(\d{2})-?(\d{2})$/;
/** RFC 822 and the ways feeds bend it: full month names, extra commas, no seconds, no time, any zone. */
const RFC_822 = new RegExp(
  String.raw`^${DAY_NAME}(\d{1,2})\s+${MONTH},?\s+(\d{2}|\d{4}),?(?:\s+${TIME})?(?:\s*${ZONE})?$`,
);
/** Month first: `Thu Aug 30 2012 17:26:16 +0200`, asctime `Sun Jan  4 16:29:06 2004`, `Sun Jul 15 01:16:00 +0000 2012`. */
const MONTH_FIRST = new RegExp(
  String.raw`^${DAY_NAME}${MONTH}\s+(\d{1,2}),?\s+(?:(\d{4})(?:\s+${TIME}(?:\s*${ZONE})?)?|${TIME}(?:\s*${ZONE})?\s+(\d{4}))$`,
);
/** Perforce: `Fri, 2006/09/15 08:19:53 EDT`. */
const SLASHED = new RegExp(
  String.raw`^${DAY_NAME}(\d{4})\/(\d{1,2})\/(\d{1,2})(?:\s+${TIME})?(?:\s*${ZONE})?$`,
);

interface DateParts {
  year: number;
  month: number;
  day: number;
  hour?: string;
  minute?: string;
  second?: string;
  zone?: string;
}

/**
 * A feed date as an instant: W3C-DTF/ISO 8601, RFC 822 and its common variants. A date without a zone is
 * read as UTC (never in the host's zone: the same feed gives the same dates on every machine). Anything
 * unreadable, impossible (31 June, 25:00) or outside 1970..9999 is null, so that the caller falls back to
 * another date instead of trusting a wrong one.
 */
export function parseFeedDate(value: unknown): Date | null {
  if (typeof value !== 'string') return null;
  const text = value
    .trim()
    .replace(/\s+/g, ' ')
    .replace(/\s*\([^()]*\)$/, '');
  if (!text || text.length > 64) return null;
  const parts = readParts(text);
  return parts ? instantOf(parts) : null;
}

function readParts(text: string): DateParts | null {
  let match = ISO.exec(text) ?? ISO_BASIC.exec(text) ?? SLASHED.exec(text);
  if (match) return numericParts(match);
  match = ISO_SHORT.exec(text);
  if (match)
    return match[1]
      ? { year: fullYear(match[1]), month: +match[2], day: +match[3] }
      : { year: fullYear(match[4]), month: +match[5], day: 1 };
  match = RFC_822.exec(text);
  if (match) {
    const [, day, month, year, hour, minute, second, zone] = match;
    return withMonth(month, { year: fullYear(year), day: +day, hour, minute, second, zone });
  }
  match = MONTH_FIRST.exec(text);
  if (match) {
    const [, month, day, year, hour, minute, second, zone, hour2, minute2, second2, zone2, year2] = match;
    return withMonth(month, {
      year: +(year ?? year2),
      day: +day,
      hour: hour ?? hour2,
      minute: minute ?? minute2,
      second: second ?? second2,
      zone: zone ?? zone2,
    });
  }
  return null;
}

/** Groups 1–7 are year, month, day, hour, minute, second and zone; a missing month or day is the first. */
function numericParts(match: RegExpExecArray): DateParts {
  const [, year, month = '1', day = '1', hour, minute, second, zone] = match;
  return { year: +year, month: +month, day: +day, hour, minute, second, zone };
}

function withMonth(name: string, parts: Omit<DateParts, 'month'>): DateParts | null {
  const month = MONTHS.indexOf(name.slice(0, 3).toLowerCase()) + 1;
  const isKnownName =
    month > 0 &&
    (name.length === 3 || name.toLowerCase().startsWith(MONTH_NAMES[month - 1].slice(0, name.length)));
  return isKnownName ? { ...parts, month } : null;
}

const MONTH_NAMES = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

function fullYear(digits: string): number {
  const year = Number(digits);
  return digits.length > 2 ? year : year + (year < 70 ? 2000 : 1900);
}

function instantOf({
  year,
  month,
  day,
  hour = '0',
  minute = '0',
  second = '0',
  zone,
}: DateParts): Date | null {
  const [h, m, s] = [Number(hour), Number(minute), Math.min(Number(second), 59)];
  if (
    month < 1 ||
    month > 12 ||
    day < 1 ||
    day > daysIn(year, month) ||
    h > 23 ||
    m > 59 ||
    Number(second) > 60
  )
    return null;
  const offset = zone === undefined ? 0 : zoneOffset(zone);
  if (offset === null) return null;
  const time = Date.UTC(year, month - 1, day, h, m, s) - offset * 60_000;
  if (year < 1970 || time < 0 || time > Date.UTC(9999, 11, 31, 23, 59, 59)) return null;
  return new Date(time);
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function daysIn(year: number, month: number): number {
  const isLeap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return month === 2 && isLeap ? 29 : DAYS_IN_MONTH[month - 1];
}

/** Minutes east of UTC: `Z`, `+0100`, `-05:00`, `+01`, `GMT-01:01`, a zone name or a military letter. */
function zoneOffset(zone: string): number | null {
  const match = /^([A-Za-z/]*)\s*(?:([+-])(\d{1,2})(?::?(\d{2}))?)?$/.exec(zone.trim());
  if (!match) return null;
  const [, name, sign, hours, minutes = '0'] = match;
  const base = name ? (ZONES[name.toUpperCase()] ?? militaryOffset(name)) : 0;
  if (base === null || (!name && !sign)) return null;
  if (!sign) return base;
  if (Number(hours) > 23 || Number(minutes) > 59) return null;
  return base + (sign === '-' ? -1 : 1) * (Number(hours) * 60 + Number(minutes));
}

/** RFC 822's military zones: A–I, K–M east, N–Y west (RFC 1123 notes senders got the signs wrong; rare). */
function militaryOffset(letter: string): number | null {
  if (letter.length !== 1) return null;
  const code = letter.toUpperCase().charCodeAt(0) - 64;
  if (code >= 1 && code <= 9) return code * 60;
  if (code >= 11 && code <= 13) return (code - 1) * 60;
  if (code >= 14 && code <= 25) return -(code - 13) * 60;
  return null;
}
