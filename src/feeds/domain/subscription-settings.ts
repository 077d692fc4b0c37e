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

export const subscriptionSettingsSchema = z
  .object({
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
  })
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
