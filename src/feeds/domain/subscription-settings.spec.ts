import { parseKeywordList, settingsOver, subscriptionSettingsSchema } from './subscription-settings';
import { validateFeedUrl } from './feed-url';

describe('subscription settings', () => {
  it('defaults to real-time with no filters', () => {
    expect(subscriptionSettingsSchema.parse({})).toEqual({
      mode: 'realtime',
      dayOfMonth: null,
      fullText: false,
      keepRecent: null,
      keepRandom: null,
      includeWords: null,
      excludeWords: null,
      filterRegex: null,
      subjectTag: null,
      onUpdate: 'ignore',
    });
  });

  it('subscribing again changes the settings it names and keeps the others', () => {
    const existing = subscriptionSettingsSchema.parse({
      mode: 'monthly',
      dayOfMonth: 31,
      fullText: true,
      keepRecent: 3,
      excludeWords: ['crypto'],
      subjectTag: 'Ars',
    });
    const again = (given: Parameters<typeof settingsOver>[1]) =>
      subscriptionSettingsSchema.parse(settingsOver(existing, given));
    expect(again({ subjectTag: 'News', mode: undefined })).toEqual({ ...existing, subjectTag: 'News' });
    expect(again({ mode: 'monthly' })).toEqual(existing);
    // A new mode has no use for the day of the month; one keep rule replaces the other.
    expect(again({ mode: 'daily' })).toEqual({ ...existing, mode: 'daily', dayOfMonth: null });
    expect(again({ keepRandom: 2 })).toEqual({ ...existing, keepRecent: null, keepRandom: 2 });
    // Named as empty: cleared.
    expect(again({ excludeWords: [], subjectTag: '', fullText: false })).toEqual({
      ...existing,
      excludeWords: null,
      subjectTag: null,
      fullText: false,
    });
  });

  it('keeps a subject tag as one trimmed line; an empty one is no tag', () => {
    expect(subscriptionSettingsSchema.parse({ subjectTag: '  Ars  ' }).subjectTag).toBe('Ars');
    expect(subscriptionSettingsSchema.parse({ subjectTag: ' ' }).subjectTag).toBeNull();
    expect(subscriptionSettingsSchema.parse({ subjectTag: 'Café ☕' }).subjectTag).toBe('Café ☕');
  });

  it.each([
    [{ mode: 'hourly' }, /mode/],
    [{ onUpdate: 'retract' }, /onUpdate/],
    [{ keepRecent: 0 }, /at least 1/],
    [{ mode: 'monthly', dayOfMonth: 32 }, /day of the month from 1 to 31/],
    [{ mode: 'monthly', dayOfMonth: 0 }, /day of the month from 1 to 31/],
    [{ mode: 'daily', dayOfMonth: 5 }, /for monthly digests only/],
    [{ keepRandom: -3 }, /at least 1/],
    [{ keepRecent: 3, keepRandom: 3 }, /either keep-recent or keep-random/],
    [{ includeWords: Array.from({ length: 101 }, (_, i) => `w${i}`) }, /at most 100 keywords/],
    [{ excludeWords: ['x'.repeat(201)] }, /at most 200 characters/],
    [{ filterRegex: '(a+)+$' }, /repeats a repetition/],
    [{ filterRegex: '(a|aa)+$' }, /too slow/],
    [{ filterRegex: '[unclosed' }, /invalid regular expression/],
    [{ subjectTag: '[Ars]' }, /no brackets/],
    [{ subjectTag: 'a\r\nBcc: x' }, /control characters/],
    [{ subjectTag: 'x'.repeat(31) }, /at most 30/],
  ])('rejects %j', (input, message) => {
    const result = subscriptionSettingsSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(JSON.stringify(result.error?.issues)).toMatch(message);
  });

  it('offers every cadence; a monthly digest without a day goes out on the 1st', () => {
    for (const mode of ['every-2h', 'every-4h', 'every-6h', 'every-12h', 'daily', 'weekly'])
      expect(subscriptionSettingsSchema.parse({ mode })).toMatchObject({ mode, dayOfMonth: null });
    expect(subscriptionSettingsSchema.parse({ mode: 'monthly' })).toMatchObject({ dayOfMonth: 1 });
    expect(subscriptionSettingsSchema.parse({ mode: 'monthly', dayOfMonth: '31' })).toMatchObject({
      dayOfMonth: 31,
    });
  });

  it('keeps a well-behaved regular expression', () => {
    expect(subscriptionSettingsSchema.parse({ filterRegex: '^\\[release\\]' }).filterRegex).toBe(
      '^\\[release\\]',
    );
  });

  it('splits keywords and quoted phrases', () => {
    expect(parseKeywordList('rust, "type theory"  wasm')).toEqual(['rust', 'type theory', 'wasm']);
    expect(parseKeywordList('  ')).toEqual([]);
  });
});

describe('validateFeedUrl', () => {
  it('keeps an http(s) URL exactly as given', () => {
    expect(validateFeedUrl(' https://example.com/Feed?a=1&b=%2F ')).toBe(
      'https://example.com/Feed?a=1&b=%2F',
    );
  });

  it.each(['ftp://example.com/feed', 'file:///etc/passwd', 'javascript:alert(1)', 'example.com/feed', ''])(
    'rejects %s',
    (url) => expect(() => validateFeedUrl(url)).toThrow(/not (a|an http\(s\)) URL/),
  );

  it.each([
    'https://ada:pw-77@example.com/feed',
    'https://ada@example.com/feed',
    'https://:pw-77@example.com/feed',
  ])('refuses a login in the URL %s without repeating it', (url) => {
    const refusal = () => validateFeedUrl(url);
    expect(refusal).toThrow(
      /^https:\/\/example\.com\/feed: a feed's URL carries no user name or password; give them as the feed's login/,
    );
    expect(refusal).not.toThrow(/ada|pw-77/);
  });
});
