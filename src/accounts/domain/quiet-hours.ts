/** A reader's quiet hours in minutes after local midnight; null when they have none. */
export interface QuietHours {
  quietStart: number | null;
  quietEnd: number | null;
}

const NONE: QuietHours = { quietStart: null, quietEnd: null };

/**
 * `22:00-07:00` (a night window may cross midnight) or `off`; undefined when it is neither, or when
 * the window would be empty.
 */
export function parseQuietHours(text: string): QuietHours | undefined {
  const trimmed = text.trim().toLowerCase();
  if (trimmed === 'off' || trimmed === '') return NONE;
  const match = /^(\d{1,2}):(\d{2})\s*[-–]\s*(\d{1,2}):(\d{2})$/.exec(trimmed);
  if (!match) return undefined;
  const [startHour, startMinute, endHour, endMinute] = match.slice(1).map(Number);
  if ([startHour, endHour].some((hour) => hour > 23) || [startMinute, endMinute].some((m) => m > 59))
    return undefined;
  const [quietStart, quietEnd] = [startHour * 60 + startMinute, endHour * 60 + endMinute];
  return quietStart === quietEnd ? undefined : { quietStart, quietEnd };
}

/** `22:00-07:00`, or `off`: how the CLI and the dashboard show them. */
export function formatQuietHours({ quietStart, quietEnd }: QuietHours): string {
  if (quietStart === null || quietEnd === null) return 'off';
  const time = (minutes: number) =>
    `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  return `${time(quietStart)}-${time(quietEnd)}`;
}
