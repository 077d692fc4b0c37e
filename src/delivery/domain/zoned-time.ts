/** A calendar date in some timezone; month 1–12. */
export interface LocalDate {
  year: number;
  month: number;
  day: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timezone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timezone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: timezone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timezone, formatter);
  }
  return formatter;
}

/** The wall-clock reading in `timezone` at `instant`, as if it were UTC (milliseconds). */
function wallClockMs(instant: number, timezone: string): number {
  const parts = Object.fromEntries(
    formatterFor(timezone)
      .formatToParts(new Date(instant))
      .map((part) => [part.type, Number(part.value)]),
  );
  return Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
}

export function localDateOf(instant: Date, timezone: string): LocalDate {
  return localTimeOf(instant, timezone).date;
}

/** The local date and the minutes since its midnight on the clocks of `timezone` at `instant`. */
export function localTimeOf(instant: Date, timezone: string): { date: LocalDate; minuteOfDay: number } {
  const wall = new Date(wallClockMs(instant.getTime(), timezone));
  return {
    date: { year: wall.getUTCFullYear(), month: wall.getUTCMonth() + 1, day: wall.getUTCDate() },
    minuteOfDay: wall.getUTCHours() * 60 + wall.getUTCMinutes(),
  };
}

/** How many days `month` (1–12) of `year` has. */
export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

export function addDays(date: LocalDate, days: number): LocalDate {
  const shifted = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: shifted.getUTCFullYear(), month: shifted.getUTCMonth() + 1, day: shifted.getUTCDate() };
}

/** 0 = Sunday … 6 = Saturday. */
export function weekdayOf(date: LocalDate): number {
  return new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay();
}

export function formatLocalDate(date: LocalDate): string {
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(date.year, 4)}-${pad(date.month)}-${pad(date.day)}`;
}

/**
 * The instant at which the clocks in `timezone` read `hour`:`minute` on `date`. Across a daylight-saving
 * change: an hour that happens twice resolves to its first occurrence; an hour that does not exist
 * (clocks jumped over it) resolves to the end of the jump, the first instant after the gap.
 */
export function zonedInstant(date: LocalDate, hour: number, timezone: string, minute = 0): Date {
  const wall = Date.UTC(date.year, date.month - 1, date.day, hour, minute);
  const day = 24 * 3_600_000;
  const offsetBefore = wallClockMs(wall - day, timezone) - (wall - day);
  const offsetAfter = wallClockMs(wall + day, timezone) - (wall + day);
  const candidates = [wall - offsetBefore, wall - offsetAfter]
    .filter((instant) => wallClockMs(instant, timezone) === wall)
    .sort((a, b) => a - b);
  return new Date(candidates[0] ?? wall - offsetBefore);
}
