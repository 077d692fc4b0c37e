import { parseKeywordList, SubscriptionSettings } from './subscription-settings';

/**
 * The namespace of Tidings' own outline attributes (`tidings:mode="daily"` …): other OPML readers skip
 * them and keep the standard ones. Never a login: OPML files are shared and published.
 */
export const TIDINGS_OPML_NAMESPACE = 'https://tidings.example/ns/opml/1';
export const TIDINGS_OPML_PREFIX = 'tidings';

type SettingKind = 'text' | 'number' | 'boolean' | 'words';

/**
 * How each setting is written as an attribute (named after the setting). Every setting is listed, so
 * that a new one is a type error here until it says how it travels.
 */
const KINDS: Record<keyof SubscriptionSettings, SettingKind> = {
  mode: 'text',
  dayOfMonth: 'number',
  fullText: 'boolean',
  onUpdate: 'text',
  keepRecent: 'number',
  keepRandom: 'number',
  includeWords: 'words',
  excludeWords: 'words',
  filterRegex: 'text',
  subjectTag: 'text',
};

/**
 * A subscribe link that carries these settings (`/subscribe?url=…&mode=daily&subjectTag=Ars`), as OPML
 * carries them: the same names and values.
 */
export function subscribeLinkQuery(url: string, settings: SubscriptionSettings): string {
  return new URLSearchParams([['url', url], ...settingsAttributes(settings)]).toString();
}

/** The settings a subscribe link's query carries (other parameters ignored), still to be validated. */
export function settingsFromQuery(
  query: Readonly<Record<string, unknown>>,
): ReturnType<typeof settingsFromAttributes> {
  const texts = Object.entries(query)
    .filter((entry): entry is [string, string] => typeof entry[1] === 'string')
    .map(([name, value]) => [name.toLowerCase(), value.slice(0, 5000)]);
  return settingsFromAttributes(Object.fromEntries(texts));
}

/** A subscription's settings as attribute values (unprefixed names); empty settings are left out. */
export function settingsAttributes(settings: SubscriptionSettings): Array<[string, string]> {
  const attributes: Array<[string, string]> = [];
  for (const [name, kind] of Object.entries(KINDS) as Array<[keyof SubscriptionSettings, SettingKind]>) {
    const value = settings[name];
    if (value === null || value === undefined) continue;
    const text = kind === 'words' ? JSON.stringify(value) : String(value);
    if (text !== '') attributes.push([name, text]);
  }
  return attributes;
}

/**
 * The settings an outline carries, read back from its attributes (names compared without case, as
 * the rest of the file is read): still to be validated, as any input.
 */
export function settingsFromAttributes(
  attributes: Readonly<Record<string, string | undefined>>,
): Partial<Record<keyof SubscriptionSettings, unknown>> {
  const settings: Partial<Record<keyof SubscriptionSettings, unknown>> = {};
  for (const [name, kind] of Object.entries(KINDS) as Array<[keyof SubscriptionSettings, SettingKind]>) {
    const text = attributes[name.toLowerCase()];
    if (text === undefined) continue;
    if (kind === 'words') settings[name] = wordsOf(text);
    else if (kind === 'number') settings[name] = text.trim() === '' ? text : Number(text);
    else if (kind === 'boolean') settings[name] = text === 'true' ? true : text === 'false' ? false : text;
    else settings[name] = text;
  }
  return settings;
}

/**
 * Keywords are written as a JSON array (exact, whatever a word holds); a file written by hand may list
 * them as the CLI takes them (`rust, "type theory"`).
 */
function wordsOf(text: string): unknown {
  if (!text.trim().startsWith('[')) return parseKeywordList(text);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
