import { entryVersionDate, isArticleStale } from './article-freshness';

const at = (iso: string) => new Date(`2026-11-${iso}Z`);

describe('entryVersionDate', () => {
  it('is the updated date, else the published date', () => {
    expect(entryVersionDate({ updatedAt: at('20T10:00:00'), publishedAt: at('19T10:00:00') })).toEqual(
      at('20T10:00:00'),
    );
    expect(entryVersionDate({ updatedAt: null, publishedAt: at('19T10:00:00') })).toEqual(at('19T10:00:00'));
    expect(entryVersionDate({ updatedAt: null, publishedAt: null })).toBeNull();
  });
});

describe('isArticleStale', () => {
  const article = { entryDated: at('20T10:00:00'), extractedAt: at('20T11:00:00') };

  it('is stale once the entry carries a newer date than the one it was extracted for', () => {
    expect(isArticleStale(article, { updatedAt: at('21T08:00:00'), publishedAt: at('19T10:00:00') })).toBe(
      true,
    );
    expect(isArticleStale(article, { updatedAt: null, publishedAt: at('20T10:30:00') })).toBe(true);
  });

  it('is fresh for the same or an older date, or an entry without dates', () => {
    expect(isArticleStale(article, { updatedAt: at('20T10:00:00'), publishedAt: null })).toBe(false);
    expect(isArticleStale(article, { updatedAt: null, publishedAt: at('18T10:00:00') })).toBe(false);
    expect(isArticleStale(article, { updatedAt: null, publishedAt: null })).toBe(false);
  });

  it('judges articles stored without the entry date by when they were extracted', () => {
    const legacy = { entryDated: null, extractedAt: at('20T11:00:00') };
    expect(isArticleStale(legacy, { updatedAt: at('20T10:30:00'), publishedAt: null })).toBe(false);
    expect(isArticleStale(legacy, { updatedAt: at('20T12:00:00'), publishedAt: null })).toBe(true);
  });
});
