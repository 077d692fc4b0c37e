import { isBurst } from './burst';
import { addDays, localDateOf, localTimeOf, zonedInstant } from './zoned-time';

/** What a reader set about the pace of their real-time mail. */
export interface ReaderRhythm {
  timezone: string;
  /** 0: no limit. */
  maxEmailsPerDay: number;
  /** Minutes after local midnight; null: no quiet hours. */
  quietStart: number | null;
  quietEnd: number | null;
}

export interface RealtimePlan {
  /** How many of the entries (oldest first) are emailed now. */
  sendCount: number;
  /** What the others wait for. */
  waitFor: 'quiet' | 'catch-up' | null;
  /** The last email sent now reaches the budget: it says so. */
  reachesBudget: boolean;
}

/** Whether `now` falls in the reader's quiet hours (a window may cross midnight). */
export function isQuietAt(rhythm: ReaderRhythm, now: Date): boolean {
  const { quietStart: start, quietEnd: end } = rhythm;
  if (start === null || end === null) return false;
  const minute = localTimeOf(now, rhythm.timezone).minuteOfDay;
  return start < end ? minute >= start && minute < end : minute >= start || minute < end;
}

/** The instant the reader's local day began (where today's emails are counted from). */
export function startOfLocalDay(timezone: string, now: Date): Date {
  return zonedInstant(localDateOf(now, timezone), 0, timezone);
}

/** The instant the reader's local day ends: a catch-up takes what was held before it. */
export function endOfLocalDay(timezone: string, now: Date): Date {
  return zonedInstant(addDays(localDateOf(now, timezone), 1), 0, timezone);
}

/**
 * One subscription's real-time entries of a poll (`entryCount`: one email each, or one for a burst)
 * against the reader's quiet hours and daily budget, given the emails they had today (`sentToday`).
 * In quiet hours all wait for their end; past the budget the rest of the day's posts wait for one
 * catch-up; the email that reaches the budget says so.
 */
export function planRealtime(
  rhythm: ReaderRhythm,
  now: Date,
  sentToday: number,
  entryCount: number,
): RealtimePlan {
  if (isQuietAt(rhythm, now)) return { sendCount: 0, waitFor: 'quiet', reachesBudget: false };
  const budget = rhythm.maxEmailsPerDay;
  if (budget === 0) return { sendCount: entryCount, waitFor: null, reachesBudget: false };
  const left = Math.max(0, budget - sentToday);
  const emails = isBurst(entryCount) ? Math.min(1, left) : Math.min(entryCount, left);
  const sendCount = isBurst(entryCount) ? emails * entryCount : emails;
  return {
    sendCount,
    waitFor: sendCount < entryCount ? 'catch-up' : null,
    reachesBudget: emails > 0 && sentToday + emails === budget,
  };
}

/** How many emails a plan sends now: one per entry, or one for a burst. */
export function emailsOfPlan(plan: RealtimePlan, entryCount: number): number {
  if (plan.sendCount === 0) return 0;
  return isBurst(entryCount) ? 1 : plan.sendCount;
}
