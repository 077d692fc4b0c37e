/**
 * Names that ICU (so `Intl`, Node 20 included) still lists under their old spelling although the IANA
 * database renamed them: the current name is what we show and store, the old one is accepted.
 */
const RENAMED: Readonly<Record<string, string>> = {
  'Africa/Asmera': 'Africa/Asmara',
  'America/Buenos_Aires': 'America/Argentina/Buenos_Aires',
  'America/Catamarca': 'America/Argentina/Catamarca',
  'America/Coral_Harbour': 'America/Atikokan',
  'America/Cordoba': 'America/Argentina/Cordoba',
  'America/Godthab': 'America/Nuuk',
  'America/Indianapolis': 'America/Indiana/Indianapolis',
  'America/Jujuy': 'America/Argentina/Jujuy',
  'America/Louisville': 'America/Kentucky/Louisville',
  'America/Mendoza': 'America/Argentina/Mendoza',
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Rangoon': 'Asia/Yangon',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Atlantic/Faeroe': 'Atlantic/Faroe',
  'Europe/Kiev': 'Europe/Kyiv',
  'Pacific/Enderbury': 'Pacific/Kanton',
  'Pacific/Ponape': 'Pacific/Pohnpei',
  'Pacific/Truk': 'Pacific/Chuuk',
};

const current = (name: string) => RENAMED[name] ?? name;

/**
 * The one list of timezones for the CLI, the dashboard and storage: every zone this runtime knows, by
 * its current IANA name, UTC first.
 */
export const TIMEZONES: readonly string[] = [
  'UTC',
  ...[...new Set(Intl.supportedValuesOf('timeZone').map(current))].filter((zone) => zone !== 'UTC').sort(),
];

const BY_LOWER_CASE = new Map(TIMEZONES.map((zone) => [zone.toLowerCase(), zone]));

/**
 * The canonical spelling of a timezone name, or null when the runtime does not know it: case does not
 * matter, and links (`Asia/Calcutta`, `Etc/UTC`, `US/Eastern`) become the name they stand for.
 */
export function canonicalTimezone(name: string): string | null {
  const trimmed = name.trim();
  const listed = BY_LOWER_CASE.get(trimmed.toLowerCase());
  if (listed) return listed;
  try {
    const resolved = current(
      new Intl.DateTimeFormat('en-US', { timeZone: trimmed }).resolvedOptions().timeZone,
    );
    return BY_LOWER_CASE.get(resolved.toLowerCase()) ?? resolved;
  } catch {
    return null;
  }
}
