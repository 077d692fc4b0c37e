import { canonicalTimezone, TIMEZONES } from './timezones';

describe('the timezone list', () => {
  it('has UTC first and the current IANA names, not the ones ICU still spells the old way', () => {
    expect(TIMEZONES[0]).toBe('UTC');
    expect(TIMEZONES).toEqual(
      expect.arrayContaining(['Europe/Kyiv', 'Asia/Kolkata', 'America/Nuuk', 'Europe/Paris']),
    );
    expect(TIMEZONES).not.toEqual(expect.arrayContaining(['Europe/Kiev']));
    expect(TIMEZONES).not.toContain('Asia/Calcutta');
    expect(new Set(TIMEZONES).size).toBe(TIMEZONES.length);
  });

  it('lists only zones the runtime can compute with', () => {
    for (const zone of TIMEZONES)
      expect(() => new Intl.DateTimeFormat('en', { timeZone: zone })).not.toThrow();
  });
});

describe('canonicalTimezone', () => {
  it.each([
    ['Europe/Kyiv', 'Europe/Kyiv'],
    ['Europe/Kiev', 'Europe/Kyiv'],
    ['europe/kyiv', 'Europe/Kyiv'],
    ['Asia/Calcutta', 'Asia/Kolkata'],
    ['ASIA/KOLKATA', 'Asia/Kolkata'],
    ['europe/paris', 'Europe/Paris'],
    [' America/New_York ', 'America/New_York'],
    ['US/Eastern', 'America/New_York'],
    ['Etc/UTC', 'UTC'],
    ['utc', 'UTC'],
    ['Etc/GMT+5', 'Etc/GMT+5'],
    ['Mars/Olympus', null],
    ['', null],
    ['../../etc/passwd', null],
  ])('%j → %j', (given, canonical) => {
    expect(canonicalTimezone(given)).toBe(canonical);
  });
});
