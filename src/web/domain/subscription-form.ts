import {
  formatKeywordList,
  parseKeywordList,
  SubscriptionSettings,
  subscriptionSettingsSchema,
} from '../../feeds/domain/subscription-settings';

export const FILTER_COUNTS = [3, 5, 10] as const;
const FILTERS = ['none', 'recent', 'random'] as const;

/** The settings form as the browser posts it and as the page shows it. */
export interface SubscriptionFormValues {
  mode: string;
  /** Shown for monthly digests; the form always posts one. */
  dayOfMonth: number;
  filter: (typeof FILTERS)[number];
  filterCount: number;
  include: string;
  exclude: string;
  regex: string;
  fullText: boolean;
  tag: string;
  /** "Tell me when a post I got is edited" (an "Updated" email). */
  tellUpdates: boolean;
}

export type SubscriptionFormResult =
  | { isValid: true; settings: SubscriptionSettings; values: SubscriptionFormValues }
  | { isValid: false; errors: Record<string, string>; values: SubscriptionFormValues };

const text = (value: unknown, max = 5000) => (typeof value === 'string' ? value.slice(0, max) : '');

/** Reads the posted form into settings, or into field-by-field errors (nothing is stored then). */
export function readSubscriptionForm(body: Record<string, unknown>): SubscriptionFormResult {
  const filter = FILTERS.find((name) => name === body.filter) ?? 'none';
  const values: SubscriptionFormValues = {
    mode: text(body.mode, 20),
    dayOfMonth: Number(text(body.dayOfMonth, 5)) || 1,
    filter,
    filterCount: Number(text(body.filterCount, 5)),
    include: text(body.include),
    exclude: text(body.exclude),
    regex: text(body.regex, 500),
    fullText: body.fullText === 'on',
    tag: text(body.tag, 100),
    tellUpdates: body.tellUpdates === 'on',
  };
  const errors: Record<string, string> = {};
  if (filter !== 'none' && !FILTER_COUNTS.includes(values.filterCount as 3))
    errors.filterCount = `choose ${FILTER_COUNTS.join(', ')}`;
  const parsed = subscriptionSettingsSchema.safeParse({
    mode: values.mode,
    dayOfMonth: values.mode === 'monthly' ? values.dayOfMonth : null,
    fullText: values.fullText,
    keepRecent: filter === 'recent' ? values.filterCount : null,
    keepRandom: filter === 'random' ? values.filterCount : null,
    includeWords: parseKeywordList(values.include),
    excludeWords: parseKeywordList(values.exclude),
    filterRegex: values.regex.trim() || null,
    subjectTag: values.tag,
    onUpdate: values.tellUpdates ? 'tell' : 'ignore',
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = FIELD_OF[String(issue.path[0])] ?? 'form';
      errors[field] ??= issue.message;
    }
  }
  if (Object.keys(errors).length || !parsed.success) return { isValid: false, errors, values };
  return { isValid: true, settings: parsed.data, values };
}

const FIELD_OF: Record<string, keyof SubscriptionFormValues> = {
  mode: 'mode',
  dayOfMonth: 'dayOfMonth',
  keepRecent: 'filterCount',
  keepRandom: 'filterCount',
  includeWords: 'include',
  excludeWords: 'exclude',
  filterRegex: 'regex',
  subjectTag: 'tag',
};

/** The form pre-filled from stored settings. */
export function subscriptionFormValues(settings: SubscriptionSettings): SubscriptionFormValues {
  return {
    mode: settings.mode,
    dayOfMonth: settings.dayOfMonth ?? 1,
    filter: settings.keepRecent ? 'recent' : settings.keepRandom ? 'random' : 'none',
    filterCount: settings.keepRecent ?? settings.keepRandom ?? FILTER_COUNTS[0],
    include: formatKeywordList(settings.includeWords),
    exclude: formatKeywordList(settings.excludeWords),
    regex: settings.filterRegex ?? '',
    fullText: settings.fullText,
    tag: settings.subjectTag ?? '',
    tellUpdates: settings.onUpdate === 'tell',
  };
}
