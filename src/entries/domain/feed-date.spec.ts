import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseFeedDate } from './feed-date';

/** feedparser's own date rows (test_date_parsers.py), copied under test/fixtures with its licence. */
const { rows } = JSON.parse(
  readFileSync(join(__dirname, '..', '..', '..', 'test', 'fixtures', 'feedparser', 'date-rows.json'), 'utf8'),
) as { rows: Array<[string, string, number[] | null]> };

/** Rows Tidings reads differently on purpose, and why. */
const DIFFERENT: Record<string, string> = {
  '\u039a\u03c5\u03c1, 11 \u0399\u03bf\u03cd\u03bb 2004 12:00:00 EST':
    'Greek month and day names are not read',
  '2004-j\u00falius-13T9:15-05:00': 'Hungarian month names are not read',
  '2004-05-25 \uc624\ud6c4 11:23:17': 'Korean (Nate) dates are not read',
  '2004\ub144 05\uc6d4 28\uc77c  01:31:15': 'Korean (OnBlog) dates are not read',
  '03335': 'a two-digit year and a day of the year: too ambiguous (22013 must not be a date)',
  'Thu, 01 Jan 0100 00:00:01 +0100': 'dates before 1970 are no date to a feed reader',
};

describe('parseFeedDate', () => {
  it.each(rows.filter(([, input]) => !(input in DIFFERENT)))(
    'reads %s date %j as feedparser does',
    (_, input, expected) => {
      const date = parseFeedDate(input);
      const parts = date && [
        date.getUTCFullYear(),
        date.getUTCMonth() + 1,
        date.getUTCDate(),
        date.getUTCHours(),
        date.getUTCMinutes(),
        date.getUTCSeconds(),
      ];
      expect(parts).toEqual(expected);
    },
  );

  it('differs from feedparser only on the rows listed, each of which it reads as no date', () => {
    const different = rows.filter(([, input]) => input in DIFFERENT);
    expect(different).toHaveLength(Object.keys(DIFFERENT).length);
    for (const [, input] of different) expect(parseFeedDate(input)).toBeNull();
  });

  it.each([
    ['Tue, 10 Nov 2026 04:00:00 EST', '2026-11-10T09:00:00.000Z'],
    ['Tue, 10 Nov 2026 18:00:00 JST', '2026-11-10T09:00:00.000Z'],
    ['Tuesday, 10 November 2026 09:00:00 PT', '2026-11-10T17:00:00.000Z'],
    ['Tue, 10 Nov 2026 09:00:00 +0000 (UTC)', '2026-11-10T09:00:00.000Z'],
    ['  Tue,  10 Nov 2026   09:00:00 gmt ', '2026-11-10T09:00:00.000Z'],
    ['2026-11-10T10:00:00.000+0100', '2026-11-10T09:00:00.000Z'],
    ['20261110T090000Z', '2026-11-10T09:00:00.000Z'],
    ['Nov 10, 2026', '2026-11-10T00:00:00.000Z'],
    ['2024-02-29', '2024-02-29T00:00:00.000Z'],
  ])('reads %j', (input, expected) => {
    expect(parseFeedDate(input)?.toISOString()).toBe(expected);
  });

  it('reads a date without a zone as UTC, whatever the host says', () => {
    expect(parseFeedDate('2004-07-08 23:56:58')?.toISOString()).toBe('2004-07-08T23:56:58.000Z');
    expect(parseFeedDate('Thu, 01 Jan 2004 19:48')?.toISOString()).toBe('2004-01-01T19:48:00.000Z');
  });

  it.each([
    undefined,
    null,
    42,
    '',
    'yesterday',
    'not a date',
    '0000-00-00',
    '32 Foo 2026',
    '2023-02-29',
    'Sun, 31 Jun 2009 12:00:00 GMT',
    'Tue, 10 Nov 2026 24:00:00 GMT',
    'Tue, 10 Nov 2026 09:00:00 +2500',
    'Tue, 10 Nov 2026 09:00:00 XYZ',
    'x'.repeat(500),
  ])('turns %j into null', (input) => {
    expect(parseFeedDate(input)).toBeNull();
  });
});
