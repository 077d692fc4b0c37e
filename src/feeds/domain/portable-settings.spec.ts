import { settingsFromQuery, subscribeLinkQuery } from './portable-settings';
import { subscriptionSettingsSchema } from './subscription-settings';

describe('subscribe links with settings', () => {
  it('carry the settings in the query and read back the same', () => {
    const settings = subscriptionSettingsSchema.parse({
      mode: 'weekly',
      keepRandom: 3,
      excludeWords: ['crypto', 'a "quoted" phrase'],
      subjectTag: 'Ars & Co',
    });
    const query = subscribeLinkQuery('https://a.example/feed?x=1', settings);
    expect(query).toMatch(/^url=https%3A%2F%2Fa\.example%2Ffeed%3Fx%3D1&mode=weekly/);
    const read = Object.fromEntries(new URLSearchParams(query));
    expect(read.url).toBe('https://a.example/feed?x=1');
    expect(subscriptionSettingsSchema.parse(settingsFromQuery(read))).toEqual(settings);
  });

  it('take names in any case and CLI-style keyword lists; leave other parameters alone', () => {
    expect(
      settingsFromQuery({ MODE: 'daily', includeWords: 'rust, "type theory"', utm_source: 'x' }),
    ).toEqual({
      mode: 'daily',
      includeWords: ['rust', 'type theory'],
    });
    expect(settingsFromQuery({ mode: ['daily', 'weekly'] })).toEqual({});
  });
});
