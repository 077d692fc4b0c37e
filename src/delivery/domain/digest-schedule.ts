import type { DeliveryMode } from '../../feeds/domain/delivery-modes';
import {
  addDays,
  daysInMonth,
  formatLocalDate,
  LocalDate,
  localTimeOf,
  weekdayOf,
  zonedInstant,
} from './zoned-time';

/** Digests every few hours, at local hours that divide the day evenly from midnight (6h: 00, 06, 12, 18). */
export const HOURS_OF = { 'every-2h': 2, 'every-4h': 4, 'every-6h': 6, 'every-12h': 12 } as const;
export type HourlyCadence = keyof typeof HOURS_OF;
/** `monthly-15`: on the 15th at the digest hour, on the month's last day when it is shorter. */
export type MonthlyCadence = `monthly-${number}`;
/**
 * What a waiting item waits for: a digest cadence of its subscription, or, for real-time mail, the end
 * of the reader's quiet hours (`quiet`) or the catch-up of posts past their daily budget (`catch-up`).
 */
export type DigestCadence = HourlyCadence | 'daily' | 'weekly' | MonthlyCadence | 'quiet' | 'catch-up';

export interface DigestSchedule {
  timezone: string;
  /** Local hour, 0–23, of daily, weekly and monthly digests. */
  hour: number;
  /** 0 = Sunday … 6 = Saturday; weekly digests only. */
  weekday: number;
  /** Local hour of the catch-up: the digest hour, or 0 (midnight) for a reader with no digest. */
  catchUpHour: number;
  /** Minutes after local midnight when the quiet hours end; null: none (what they held goes at once). */
  quietEnd: number | null;
}

/** A reader's schedule; `hasDigest`: some subscription of theirs is not real time. */
export function digestScheduleOf(
  reader: { timezone: string; digestHour: number; digestWeekday: number; quietEnd: number | null },
  hasDigest: boolean,
): DigestSchedule {
  return {
    timezone: reader.timezone,
    hour: reader.digestHour,
    weekday: reader.digestWeekday,
    catchUpHour: hasDigest ? reader.digestHour : 0,
    quietEnd: reader.quietEnd,
  };
}

export interface DigestIssue {
  cadence: DigestCadence;
  /**
   * Names the issue once per user by its local period: `daily:2026-11-22`, `weekly:2026-11-23` (the local
   * date it fires), `every-6h:2026-11-22T06`, `monthly-31:2026-11`, `quiet:2026-11-22T07:00`.
   */
  key: string;
  /** The instant the issue became due. */
  dueAt: Date;
}

/** One local period's firing time, latest first. */
interface Slot {
  date: LocalDate;
  hour: number;
  minute: number;
  period: string;
}

/**
 * The latest issue due at or before `now`. Keyed by local period, so a local hour that happens twice
 * (clocks going back) still names one issue, and a service that was down finds the missed issue
 * instead of skipping it (it holds everything that waited, as only the latest issue is ever claimed).
 */
export function latestDigestIssue(cadence: DigestCadence, schedule: DigestSchedule, now: Date): DigestIssue {
  for (const slot of slotsBefore(cadence, schedule, now)) {
    const dueAt = zonedInstant(slot.date, slot.hour, schedule.timezone, slot.minute);
    if (dueAt.getTime() <= now.getTime()) return { cadence, key: `${cadence}:${slot.period}`, dueAt };
  }
  throw new RangeError(`no ${cadence} digest found before ${now.toISOString()}`);
}

function* slotsBefore(cadence: DigestCadence, schedule: DigestSchedule, now: Date): Generator<Slot> {
  const { date: today, minuteOfDay } = localTimeOf(now, schedule.timezone);
  if (Object.hasOwn(HOURS_OF, cadence)) {
    const every = HOURS_OF[cadence as HourlyCadence];
    let [date, hour] = [today, Math.floor(minuteOfDay / 60 / every) * every];
    for (let step = 0; step <= 24 / every + 1; step += 1) {
      yield { date, hour, minute: 0, period: `${formatLocalDate(date)}T${pad(hour)}` };
      [date, hour] = hour - every < 0 ? [addDays(date, -1), 24 - every] : [date, hour - every];
    }
    return;
  }
  const dayOfMonth = monthDayOf(cadence);
  if (dayOfMonth !== null) {
    for (let monthsBack = 0; monthsBack <= 2; monthsBack += 1) {
      const first = new Date(Date.UTC(today.year, today.month - 1 - monthsBack, 1));
      const [year, month] = [first.getUTCFullYear(), first.getUTCMonth() + 1];
      const date = { year, month, day: Math.min(dayOfMonth, daysInMonth(year, month)) };
      yield { date, hour: schedule.hour, minute: 0, period: formatLocalDate(date).slice(0, 7) };
    }
    return;
  }
  if (cadence === 'quiet') {
    // Quiet hours turned off while mail waited: it goes now.
    const end = schedule.quietEnd ?? minuteOfDay;
    for (let daysBack = 0; daysBack <= 1; daysBack += 1) {
      const date = addDays(today, -daysBack);
      const [hour, minute] = [Math.floor(end / 60), end % 60];
      yield { date, hour, minute, period: `${formatLocalDate(date)}T${pad(hour)}:${pad(minute)}` };
    }
    return;
  }
  const hour = cadence === 'catch-up' ? schedule.catchUpHour : schedule.hour;
  for (let daysBack = 0; daysBack <= 8; daysBack += 1) {
    const date = addDays(today, -daysBack);
    if (cadence !== 'weekly' || weekdayOf(date) === schedule.weekday)
      yield { date, hour, minute: 0, period: formatLocalDate(date) };
  }
}

/** The cadence a subscription's items wait for; real-time subscriptions have none. */
export function digestCadenceOf(mode: DeliveryMode, dayOfMonth: number | null): DigestCadence | null {
  if (mode === 'realtime') return null;
  return mode === 'monthly' ? `monthly-${dayOfMonth ?? 1}` : mode;
}

export function cadenceOfIssue(issueKey: string): DigestCadence {
  const cadence = issueKey.split(':')[0];
  if (!isDigestCadence(cadence)) throw new RangeError(`not a digest issue: ${issueKey}`);
  return cadence;
}

function isDigestCadence(name: string): name is DigestCadence {
  return (
    ['daily', 'weekly', 'quiet', 'catch-up'].includes(name) ||
    Object.hasOwn(HOURS_OF, name) ||
    monthDayOf(name) !== null
  );
}

function monthDayOf(cadence: string): number | null {
  const day = /^monthly-(\d{1,2})$/.exec(cadence)?.[1];
  return day && Number(day) >= 1 && Number(day) <= 31 ? Number(day) : null;
}

const pad = (n: number) => String(n).padStart(2, '0');
