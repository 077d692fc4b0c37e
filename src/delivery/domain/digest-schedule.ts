import { addDays, formatLocalDate, localDateOf, weekdayOf, zonedInstant } from './zoned-time';

export type DigestCadence = 'daily' | 'weekly';

export interface DigestSchedule {
  timezone: string;
  /** Local hour, 0–23. */
  hour: number;
  /** 0 = Sunday … 6 = Saturday; weekly digests only. */
  weekday: number;
}

export interface DigestIssue {
  cadence: DigestCadence;
  /** Names the issue once per user: `daily:2026-11-22` or `weekly:2026-11-23` (the local date it fires). */
  key: string;
  /** The instant the issue became due. */
  dueAt: Date;
}

/**
 * The latest issue due at or before `now`. Keyed by local date, so a local hour that happens twice
 * (clocks going back) still names one issue, and a service that was down finds the missed issue
 * instead of skipping it.
 */
export function latestDigestIssue(cadence: DigestCadence, schedule: DigestSchedule, now: Date): DigestIssue {
  let date = localDateOf(now, schedule.timezone);
  for (let daysBack = 0; daysBack <= 8; daysBack += 1) {
    const isFireDay = cadence === 'daily' || weekdayOf(date) === schedule.weekday;
    const dueAt = zonedInstant(date, schedule.hour, schedule.timezone);
    if (isFireDay && dueAt.getTime() <= now.getTime())
      return { cadence, key: `${cadence}:${formatLocalDate(date)}`, dueAt };
    date = addDays(date, -1);
  }
  throw new RangeError(`no ${cadence} digest found before ${now.toISOString()}`);
}

export function cadenceOfIssue(issueKey: string): DigestCadence {
  const cadence = issueKey.split(':')[0];
  if (cadence !== 'daily' && cadence !== 'weekly') throw new RangeError(`not a digest issue: ${issueKey}`);
  return cadence;
}
