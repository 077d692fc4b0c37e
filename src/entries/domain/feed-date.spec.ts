import { parseFeedDate } from './feed-date';

describe('parseFeedDate', () => {
  it.each([
    ['Tue, 10 Nov 2026 09:00:00 GMT', '2026-11-10T09:00:00.000Z'],
    ['Tue, 10 Nov 2026 04:00:00 EST', '2026-11-10T09:00:00.000Z'],
    ['Tue, 10 Nov 2026 10:00:00 CET', '2026-11-10T09:00:00.000Z'],
    ['Tue, 10 Nov 2026 18:00:00 JST', '2026-11-10T09:00:00.000Z'],
    ['Tue, 10 Nov 2026 10:00:00 +0100', '2026-11-10T09:00:00.000Z'],
    ['10 Nov 2026 09:00 GMT', '2026-11-10T09:00:00.000Z'],
    ['Tue, 10 Nov 26 09:00:00 GMT', '2026-11-10T09:00:00.000Z'],
    ['  Tue,  10 Nov 2026   09:00:00 gmt ', '2026-11-10T09:00:00.000Z'],
    ['2026-11-10T09:00:00Z', '2026-11-10T09:00:00.000Z'],
    ['2026-11-10T10:00:00.000+01:00', '2026-11-10T09:00:00.000Z'],
    ['2026-11-10', '2026-11-10T00:00:00.000Z'],
  ])('reads %j', (input, expected) => {
    expect(parseFeedDate(input)?.toISOString()).toBe(expected);
  });

  it.each([undefined, null, 42, '', 'yesterday', 'not a date', '0000-00-00', '32 Foo 2026', 'x'.repeat(500)])(
    'turns %j into null',
    (input) => {
      expect(parseFeedDate(input)).toBeNull();
    },
  );
});
