import { DigestCadence, DigestIssue, DigestSchedule, latestDigestIssue } from './digest-schedule';

const HOUR = 3_600_000;
/** Far enough ahead for any cadence's next issue (a month and a day). */
const SEARCH_HOURS = 32 * 24;

/**
 * The first issue due after `now`: the one a post waiting now goes out in (the latest issue due at or
 * before an instant is the one rule; this asks it an hour later at a time until it names a later issue).
 */
export function nextDigestIssue(
  cadence: DigestCadence,
  schedule: DigestSchedule,
  now: Date,
): DigestIssue | null {
  for (let hours = 1; hours <= SEARCH_HOURS; hours += 1) {
    const issue = latestDigestIssue(cadence, schedule, new Date(now.getTime() + hours * HOUR));
    if (issue.dueAt.getTime() > now.getTime()) return issue;
  }
  return null;
}

/**
 * The local date (or month, or date and hour) an issue is named by: `daily:2026-11-22` → `2026-11-22`,
 * `every-6h:2026-11-22T06` → `2026-11-22 06:00`, `monthly-31:2026-11` → `2026-11`.
 */
export function issueDate(issue: DigestIssue): string {
  const period = issue.key.slice(issue.key.indexOf(':') + 1);
  const [date, time] = period.split('T');
  if (time === undefined) return date;
  return `${date} ${time.includes(':') ? time : `${time}:00`}`;
}
