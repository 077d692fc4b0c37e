import { issueDate, nextDigestIssue } from './next-digest-issue';

const schedule = { timezone: 'Europe/Paris', hour: 7, weekday: 1, catchUpHour: 7, quietEnd: null };

describe('nextDigestIssue', () => {
  it('is today’s issue before the hour and tomorrow’s after it', () => {
    const before = nextDigestIssue('daily', schedule, new Date('2026-11-23T05:00:00Z'))!;
    expect([issueDate(before), before.dueAt.toISOString()]).toEqual([
      '2026-11-23',
      '2026-11-23T06:00:00.000Z',
    ]);
    expect(issueDate(nextDigestIssue('daily', schedule, new Date('2026-11-23T06:00:00Z'))!)).toBe(
      '2026-11-24',
    );
  });

  it('is the next Monday’s for a weekly digest, across the change of clocks', () => {
    const issue = nextDigestIssue('weekly', schedule, new Date('2026-10-21T12:00:00Z'))!;
    expect([issueDate(issue), issue.dueAt.toISOString()]).toEqual(['2026-10-26', '2026-10-26T06:00:00.000Z']);
  });

  it('names an issue every few hours by its local date and hour, a monthly one by its month', () => {
    const every6 = nextDigestIssue('every-6h', schedule, new Date('2026-11-23T06:00:00Z'))!;
    expect([issueDate(every6), every6.dueAt.toISOString()]).toEqual([
      '2026-11-23 12:00',
      '2026-11-23T11:00:00.000Z',
    ]);
    const monthly = nextDigestIssue('monthly-31', schedule, new Date('2026-11-23T06:00:00Z'))!;
    expect([issueDate(monthly), monthly.dueAt.toISOString()]).toEqual([
      '2026-11',
      '2026-11-30T06:00:00.000Z',
    ]);
  });
});
