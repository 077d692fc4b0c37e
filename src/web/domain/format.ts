import { canonicalTimezone, TIMEZONES } from '../../accounts/domain/timezones';

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** "22 Nov 2026, 11:00" in the reader's timezone; an em dash for no date. */
export function formatInstant(instant: Date | null | undefined, timezone: string): string {
  if (!instant) return '—';
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: timezone,
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(instant);
}

/** A feed's state as its badge says it: an active feed whose last polls failed is "failing". */
export function feedStateLabel(feed: { status: string; errorCount: number }): string {
  return feed.status === 'active' && feed.errorCount > 0 ? 'failing' : feed.status;
}

export function weekdayName(day: number): string {
  return WEEKDAYS[day] ?? '?';
}

export function hourOptions(selected: number): Array<{ value: number; label: string; isSelected: boolean }> {
  return Array.from({ length: 24 }, (_, hour) => ({
    value: hour,
    label: `${String(hour).padStart(2, '0')}:00`,
    isSelected: hour === selected,
  }));
}

export function weekdayOptions(
  selected: number,
): Array<{ value: number; label: string; isSelected: boolean }> {
  return WEEKDAYS.map((label, value) => ({ value, label, isSelected: value === selected }));
}

/**
 * The accounts module's timezone list, marked for a <select>. A value the list lacks (stored before,
 * or a zone only the runtime's aliases know) is offered first, selected: saving the form keeps it.
 */
export function timezoneOptions(selected: string): Array<{ value: string; isSelected: boolean }> {
  const shown = canonicalTimezone(selected) ?? selected;
  const zones = TIMEZONES.includes(shown) ? TIMEZONES : [shown, ...TIMEZONES];
  return zones.map((value) => ({ value, isSelected: value === shown }));
}
