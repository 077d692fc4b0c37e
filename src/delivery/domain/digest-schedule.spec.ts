import { DigestCadence, DigestSchedule, latestDigestIssue } from './digest-schedule';
import { zonedInstant } from './zoned-time';

const newYork = (hour: number, weekday = 1): DigestSchedule => ({
  timezone: 'America/New_York',
  hour,
  weekday,
  catchUpHour: hour,
  quietEnd: null,
});
const sydney = (hour: number, weekday = 1): DigestSchedule => ({
  timezone: 'Australia/Sydney',
  hour,
  weekday,
  catchUpHour: hour,
  quietEnd: null,
});

/** Every distinct issue seen by a scheduler ticking every five minutes between two instants. */
function issuesBetween(cadence: DigestCadence, schedule: DigestSchedule, from: string, to: string) {
  const issues = new Map<string, string>();
  for (let t = Date.parse(from); t <= Date.parse(to); t += 5 * 60_000) {
    const issue = latestDigestIssue(cadence, schedule, new Date(t));
    const dueAt = issue.dueAt.toISOString();
    if (issues.has(issue.key)) expect(issues.get(issue.key)).toBe(dueAt);
    issues.set(issue.key, dueAt);
  }
  return Object.fromEntries(issues);
}

describe('zonedInstant', () => {
  it.each([
    ['an ordinary New York morning', 'America/New_York', 7, '2026-11-22', '2026-11-22T12:00:00.000Z'],
    ['a New York summer morning', 'America/New_York', 7, '2026-07-01', '2026-07-01T11:00:00.000Z'],
    [
      'Sydney at midnight (the day before in UTC)',
      'Australia/Sydney',
      0,
      '2026-11-22',
      '2026-11-21T13:00:00.000Z',
    ],
    [
      'New York 02:00 that never happens: just after the gap',
      'America/New_York',
      2,
      '2026-03-08',
      '2026-03-08T07:00:00.000Z',
    ],
    [
      'New York 01:00 that happens twice: the first one',
      'America/New_York',
      1,
      '2026-11-01',
      '2026-11-01T05:00:00.000Z',
    ],
    [
      'Sydney 02:00 that never happens: just after the gap',
      'Australia/Sydney',
      2,
      '2026-10-04',
      '2026-10-03T16:00:00.000Z',
    ],
    [
      'Sydney 02:00 that happens twice: the first one',
      'Australia/Sydney',
      2,
      '2026-04-05',
      '2026-04-04T15:00:00.000Z',
    ],
  ])('%s', (_, timezone, hour, date, expected) => {
    const [year, month, day] = date.split('-').map(Number);
    expect(zonedInstant({ year, month, day }, hour, timezone).toISOString()).toBe(expected);
  });
});

describe('latestDigestIssue', () => {
  it('names today’s issue once the local hour has come, yesterday’s before', () => {
    expect(latestDigestIssue('daily', newYork(7), new Date('2026-11-22T11:59:00Z'))).toEqual({
      cadence: 'daily',
      key: 'daily:2026-11-21',
      dueAt: new Date('2026-11-21T12:00:00Z'),
    });
    expect(latestDigestIssue('daily', newYork(7), new Date('2026-11-22T12:00:00Z')).key).toBe(
      'daily:2026-11-22',
    );
  });

  it('fires once, just after the gap, when New York springs forward over the digest hour', () => {
    expect(issuesBetween('daily', newYork(2), '2026-03-07T12:00:00Z', '2026-03-09T12:00:00Z')).toEqual({
      'daily:2026-03-07': '2026-03-07T07:00:00.000Z',
      'daily:2026-03-08': '2026-03-08T07:00:00.000Z',
      'daily:2026-03-09': '2026-03-09T06:00:00.000Z',
    });
  });

  it('fires once when New York falls back through the digest hour', () => {
    expect(issuesBetween('daily', newYork(1), '2026-10-31T12:00:00Z', '2026-11-02T12:00:00Z')).toEqual({
      'daily:2026-10-31': '2026-10-31T05:00:00.000Z',
      'daily:2026-11-01': '2026-11-01T05:00:00.000Z',
      'daily:2026-11-02': '2026-11-02T06:00:00.000Z',
    });
  });

  it('fires once, just after the gap, when Sydney springs forward over the digest hour', () => {
    expect(issuesBetween('daily', sydney(2), '2026-10-02T12:00:00Z', '2026-10-04T12:00:00Z')).toEqual({
      'daily:2026-10-02': '2026-10-01T16:00:00.000Z',
      'daily:2026-10-03': '2026-10-02T16:00:00.000Z',
      'daily:2026-10-04': '2026-10-03T16:00:00.000Z',
    });
  });

  it('fires once when Sydney falls back through the digest hour', () => {
    expect(issuesBetween('daily', sydney(2), '2026-04-03T12:00:00Z', '2026-04-05T18:00:00Z')).toEqual({
      'daily:2026-04-03': '2026-04-02T15:00:00.000Z',
      'daily:2026-04-04': '2026-04-03T15:00:00.000Z',
      'daily:2026-04-05': '2026-04-04T15:00:00.000Z',
      'daily:2026-04-06': '2026-04-05T16:00:00.000Z',
    });
  });

  it('keeps a weekly digest on its local weekday across a daylight-saving change', () => {
    expect(issuesBetween('weekly', newYork(7, 1), '2026-10-20T00:00:00Z', '2026-11-10T00:00:00Z')).toEqual({
      'weekly:2026-10-19': '2026-10-19T11:00:00.000Z',
      'weekly:2026-10-26': '2026-10-26T11:00:00.000Z',
      'weekly:2026-11-02': '2026-11-02T12:00:00.000Z',
      'weekly:2026-11-09': '2026-11-09T12:00:00.000Z',
    });
  });

  it('fires at local midnight in Sydney on a Sunday', () => {
    expect(latestDigestIssue('weekly', sydney(0, 0), new Date('2026-11-22T10:00:00Z'))).toEqual({
      cadence: 'weekly',
      key: 'weekly:2026-11-22',
      dueAt: new Date('2026-11-21T13:00:00Z'),
    });
  });
});
