import { feedStateLabel, formatInstant, hourOptions, timezoneOptions, weekdayName } from './format';

describe('formatting for pages', () => {
  it('shows an instant in the reader timezone, across DST', () => {
    expect(formatInstant(new Date('2026-11-22T10:00:00Z'), 'Europe/Paris')).toBe('22 Nov 2026, 11:00');
    expect(formatInstant(new Date('2026-07-01T10:00:00Z'), 'Europe/Paris')).toBe('1 Jul 2026, 12:00');
    expect(formatInstant(null, 'UTC')).toBe('—');
  });

  it('offers hours, weekdays and timezones with the current one selected', () => {
    expect(hourOptions(7).filter((option) => option.isSelected)).toEqual([
      { value: 7, label: '07:00', isSelected: true },
    ]);
    expect(weekdayName(0)).toBe('Sunday');
    const zones = timezoneOptions('Asia/Tokyo');
    expect(zones[0].value).toBe('UTC');
    expect(zones.filter((zone) => zone.isSelected).map((zone) => zone.value)).toEqual(['Asia/Tokyo']);
  });

  it('shows a stored timezone by its canonical name, and one the list lacks first, selected', () => {
    const selected = (stored: string) => timezoneOptions(stored).filter((zone) => zone.isSelected);
    expect(selected('Europe/Kiev')).toEqual([{ value: 'Europe/Kyiv', isSelected: true }]);
    expect(selected('asia/kolkata')).toEqual([{ value: 'Asia/Kolkata', isSelected: true }]);
    expect(timezoneOptions('Etc/GMT+5')[0]).toEqual({ value: 'Etc/GMT+5', isSelected: true });
    expect(timezoneOptions('Etc/GMT+5')[1].value).toBe('UTC');
  });
});

describe('feedStateLabel', () => {
  it.each([
    [{ status: 'active', errorCount: 0 }, 'active'],
    [{ status: 'active', errorCount: 1 }, 'failing'],
    [{ status: 'broken', errorCount: 40 }, 'broken'],
    [{ status: 'gone', errorCount: 0 }, 'gone'],
  ])('calls %j %s', (feed, label) => expect(feedStateLabel(feed)).toBe(label));
});
