import { endOfLocalDay, isQuietAt, planRealtime, ReaderRhythm, startOfLocalDay } from './realtime-rhythm';

const reader = (settings: Partial<ReaderRhythm>): ReaderRhythm => ({
  timezone: 'Europe/Paris',
  maxEmailsPerDay: 0,
  quietStart: null,
  quietEnd: null,
  ...settings,
});
const night = reader({ quietStart: 22 * 60, quietEnd: 7 * 60 });

describe('quiet hours', () => {
  it.each([
    ['2026-11-22T20:59:00Z', false], // 21:59 in Paris
    ['2026-11-22T21:00:00Z', true], // 22:00
    ['2026-11-23T02:00:00Z', true], // 03:00, past midnight
    ['2026-11-23T05:59:00Z', true], // 06:59
    ['2026-11-23T06:00:00Z', false], // 07:00: over
  ])('a 22:00–07:00 night in Paris at %s: quiet %s', (at, isQuiet) => {
    expect(isQuietAt(night, new Date(at))).toBe(isQuiet);
  });

  it('holds a window within one day too, and nothing without one', () => {
    const afternoon = reader({ quietStart: 13 * 60, quietEnd: 14 * 60 + 30 });
    expect(isQuietAt(afternoon, new Date('2026-11-22T13:29:00Z'))).toBe(true);
    expect(isQuietAt(afternoon, new Date('2026-11-22T13:30:00Z'))).toBe(false);
    expect(isQuietAt(reader({}), new Date('2026-11-22T23:00:00Z'))).toBe(false);
  });

  it('keeps every real-time email for the end of the night', () => {
    expect(planRealtime(night, new Date('2026-11-22T23:00:00Z'), 0, 4)).toEqual({
      sendCount: 0,
      waitFor: 'quiet',
      reachesBudget: false,
    });
  });
});

describe('the daily budget', () => {
  const three = reader({ maxEmailsPerDay: 3 });
  const noon = new Date('2026-11-22T11:00:00Z');

  it('sends everything without a budget', () => {
    expect(planRealtime(reader({}), noon, 40, 5)).toEqual({
      sendCount: 5,
      waitFor: null,
      reachesBudget: false,
    });
  });

  it('sends up to the budget, says so in the email that reaches it, and keeps the rest for the catch-up', () => {
    expect(planRealtime(three, noon, 0, 2)).toEqual({ sendCount: 2, waitFor: null, reachesBudget: false });
    expect(planRealtime(three, noon, 2, 4)).toEqual({
      sendCount: 1,
      waitFor: 'catch-up',
      reachesBudget: true,
    });
    expect(planRealtime(three, noon, 3, 1)).toEqual({
      sendCount: 0,
      waitFor: 'catch-up',
      reachesBudget: false,
    });
    expect(planRealtime(three, noon, 5, 1)).toEqual({
      sendCount: 0,
      waitFor: 'catch-up',
      reachesBudget: false,
    });
  });

  it('counts a burst as the one email it is', () => {
    expect(planRealtime(three, noon, 2, 12)).toEqual({ sendCount: 12, waitFor: null, reachesBudget: true });
    expect(planRealtime(three, noon, 3, 12)).toEqual({
      sendCount: 0,
      waitFor: 'catch-up',
      reachesBudget: false,
    });
  });

  it('counts the local day, daylight-saving days included', () => {
    const newYork = 'America/New_York';
    const fallBack = new Date('2026-11-01T15:00:00Z');
    expect(startOfLocalDay(newYork, fallBack).toISOString()).toBe('2026-11-01T04:00:00.000Z');
    expect(endOfLocalDay(newYork, fallBack).toISOString()).toBe('2026-11-02T05:00:00.000Z');
  });
});
