import { z } from 'zod';
import { regexProblem } from '../../common/timed-regex';
import { DELIVERY_MODES } from './delivery-modes';

const positiveK = z.coerce.number().int().min(1, 'expected a whole number of at least 1').max(1000);

const wordList = z
  .array(z.string().trim().min(1).max(200, 'a keyword is at most 200 characters'))
  .max(100, 'at most 100 keywords')
  .transform((words) => (words.length ? words : null));

const filterRegex = z.string().superRefine((pattern, context) => {
  const problem = regexProblem(pattern);
  if (problem) context.addIssue({ code: 'custom', message: problem });
});

/** `Ars` of `[Ars] Title`: one short line, without the brackets that surround it. */
const subjectTag = z
  .string()
  .trim()
  .max(30, 'a tag is at most 30 characters')
  .regex(/^[^[\]\p{Cc}]*$/u, 'a tag has no brackets or control characters')
  .transform((tag) => tag || null);

const settingFields = z.object({
  mode: z.enum(DELIVERY_MODES).default('realtime'),
  dayOfMonth: z.coerce
    .number()
    .int()
    .min(1, 'expected a day of the month from 1 to 31')
    .max(31, 'expected a day of the month from 1 to 31')
    .nullish(),
  fullText: z.boolean().default(false),
  onUpdate: z.enum(['ignore', 'tell']).default('ignore'),
  keepRecent: positiveK.nullish().transform((k) => k ?? null),
  keepRandom: positiveK.nullish().transform((k) => k ?? null),
  includeWords: wordList.nullish().transform((words) => words ?? null),
  excludeWords: wordList.nullish().transform((words) => words ?? null),
  filterRegex: filterRegex.nullish().transform((pattern) => pattern ?? null),
  subjectTag: subjectTag.nullish().transform((tag) => tag ?? null),
});

export const subscriptionSettingsSchema = settingFields
  .refine((settings) => !(settings.keepRecent && settings.keepRandom), {
    message: 'choose either keep-recent or keep-random, not both',
  })
  .refine((settings) => settings.dayOfMonth == null || settings.mode === 'monthly', {
    message: 'a day of the month is for monthly digests only',
    path: ['dayOfMonth'],
  })
  // A monthly digest without a day goes out on the 1st.
  .transform(({ dayOfMonth, ...settings }) => ({
    ...settings,
    dayOfMonth: settings.mode === 'monthly' ? (dayOfMonth ?? 1) : null,
  }));

export type SubscriptionSettings = z.infer<typeof subscriptionSettingsSchema>;

/** Settings as a caller gives them, unchecked: those it leaves out are not asked for. */
export type SettingsGiven = Partial<Record<keyof SubscriptionSettings, unknown>>;

/**
 * What subscribing again asks for: the settings it names over those the subscription has. A new mode
 * drops a day of the month it has no use for, and one keep rule replaces the other.
 */
export function settingsOver(existing: SubscriptionSettings, given: SettingsGiven): SettingsGiven {
  const named = Object.fromEntries(Object.entries(given).filter(([, value]) => value !== undefined));
  const merged: SettingsGiven = { ...pickSettings(existing), ...named };
  if ('mode' in named && !('dayOfMonth' in named) && named.mode !== existing.mode) merged.dayOfMonth = null;
  if (named.keepRecent != null && !('keepRandom' in named)) merged.keepRandom = null;
  if (named.keepRandom != null && !('keepRecent' in named)) merged.keepRecent = null;
  return merged;
}

const SETTING_NAMES = Object.keys(settingFields.shape) as Array<keyof SubscriptionSettings>;

/** Only the settings of a subscription row (not its ids, feed or dates). */
function pickSettings(subscription: SubscriptionSettings): Partial<SubscriptionSettings> {
  return Object.fromEntries(SETTING_NAMES.map((name) => [name, subscription[name]]));
}

/** Splits `word, "a phrase", other` into words and quoted phrases. */
export function parseKeywordList(input: string): string[] {
  const words: string[] = [];
  for (const match of input.matchAll(/"([^"]*)"|([^\s,]+)/g)) {
    const word = (match[1] ?? match[2]).trim();
    if (word) words.push(word);
  }
  return words;
}

/** Words back into the list `parseKeywordList` reads: a word with a space or comma in quotes. */
export function formatKeywordList(words: readonly string[] | null): string {
  return (words ?? []).map((word) => (/[\s,]/.test(word) ? `"${word}"` : word)).join(', ');
}
