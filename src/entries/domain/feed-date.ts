/** Zone names seen in RFC 822 dates in the wild, as offsets from UTC. */
const zones: Record<string, string> = {
  UT: '+0000',
  UTC: '+0000',
  GMT: '+0000',
  Z: '+0000',
  WET: '+0000',
  BST: '+0100',
  CET: '+0100',
  CEST: '+0200',
  MET: '+0100',
  MEST: '+0200',
  EET: '+0200',
  EEST: '+0300',
  MSK: '+0300',
  IST: '+0530',
  JST: '+0900',
  KST: '+0900',
  HKT: '+0800',
  SGT: '+0800',
  AEST: '+1000',
  AEDT: '+1100',
  ACST: '+0930',
  AWST: '+0800',
  NZST: '+1200',
  NZDT: '+1300',
  EST: '-0500',
  EDT: '-0400',
  CST: '-0600',
  CDT: '-0500',
  MST: '-0700',
  MDT: '-0600',
  PST: '-0800',
  PDT: '-0700',
  AKST: '-0900',
  AKDT: '-0800',
  HST: '-1000',
};

/**
 * A feed date: ISO 8601 or RFC 822 (zone names, two-digit years, missing seconds tolerated). Anything
 * unreadable, or outside 1970..9999, is null so that the caller falls back to another date.
 */
export function parseFeedDate(value: unknown): Date | null {
  if (typeof value !== 'string' || !value.trim() || value.length > 100) return null;
  const text = value
    .trim()
    .replace(/\s+/g, ' ')
    .replace(/\b([A-Z]{1,4})$/i, (name) => zones[name.toUpperCase()] ?? name)
    .replace(
      /^(\w{3},? \d{1,2} \w{3}) (\d{2}) /,
      (_, day, year) => `${day} ${Number(year) < 70 ? 20 : 19}${year} `,
    );
  const time = Date.parse(text);
  if (Number.isNaN(time) || time < 0 || time > Date.UTC(9999, 11, 31)) return null;
  return new Date(time);
}
