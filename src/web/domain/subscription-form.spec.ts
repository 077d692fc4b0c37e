import { readSubscriptionForm, subscriptionFormValues } from './subscription-form';

describe('readSubscriptionForm', () => {
  it('reads a daily digest with a keyword filter and the 5 most recent entries', () => {
    const result = readSubscriptionForm({
      mode: 'daily',
      filter: 'recent',
      filterCount: '5',
      include: 'rust, "type theory"',
      exclude: '',
      fullText: 'on',
    });
    expect(result).toMatchObject({
      isValid: true,
      settings: {
        mode: 'daily',
        fullText: true,
        keepRecent: 5,
        keepRandom: null,
        includeWords: ['rust', 'type theory'],
        excludeWords: null,
      },
    });
  });

  it('reports each bad field and keeps what was typed', () => {
    const result = readSubscriptionForm({
      mode: 'hourly',
      filter: 'random',
      filterCount: '7',
      include: 'x'.repeat(201),
    });
    expect(result.isValid).toBe(false);
    if (result.isValid) return;
    expect(Object.keys(result.errors).sort()).toEqual(['filterCount', 'include', 'mode']);
    expect(result.values.include).toHaveLength(201);
  });

  it('ignores hostile shapes (arrays, objects, huge strings)', () => {
    const result = readSubscriptionForm({
      mode: ['daily', 'weekly'],
      filter: { $ne: 1 },
      include: 'a '.repeat(100_000),
      fullText: ['on'],
    });
    expect(result.isValid).toBe(false);
    expect(result.values).toMatchObject({ mode: '', filter: 'none', fullText: false });
    expect(result.values.include).toHaveLength(5000);
  });

  it('shows a catastrophic regular expression as an error on its field', () => {
    const result = readSubscriptionForm({ mode: 'realtime', filter: 'none', regex: '(a+)+$' });
    expect(result.isValid).toBe(false);
    expect(result).toMatchObject({ errors: { regex: expect.any(String) } });
  });

  it('round-trips stored settings, a monthly day included, through the form', () => {
    const stored = {
      mode: 'monthly' as const,
      dayOfMonth: 31,
      fullText: false,
      keepRecent: null,
      keepRandom: 10,
      includeWords: ['type theory', 'wasm'],
      excludeWords: ['crypto'],
      filterRegex: '^Release v\\d+',
      subjectTag: 'Ars',
      onUpdate: 'tell' as const,
    };
    const values = subscriptionFormValues(stored);
    expect(values).toEqual({
      mode: 'monthly',
      dayOfMonth: 31,
      filter: 'random',
      filterCount: 10,
      include: '"type theory", wasm',
      exclude: 'crypto',
      regex: '^Release v\\d+',
      fullText: false,
      tag: 'Ars',
      tellUpdates: true,
    });
    const again = readSubscriptionForm({
      ...values,
      filterCount: String(values.filterCount),
      dayOfMonth: String(values.dayOfMonth),
      tellUpdates: 'on',
    });
    expect(again).toMatchObject({ isValid: true, settings: stored });
  });
});
