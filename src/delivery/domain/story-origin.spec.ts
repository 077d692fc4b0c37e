import { isOriginOf, ORIGIN_HOLD_MS, preferOrigins, realtimeTelling } from './story-origin';

const blog = { url: 'https://feeds.example.net/blog.xml', siteUrl: 'https://www.blog.example/' };
const roundup = { url: 'https://roundup.example/feed', siteUrl: null };

describe('isOriginOf', () => {
  it('is the feed whose site (its page, else the feed URL) is on the host the post links to', () => {
    expect(isOriginOf(blog, 'http://blog.example/2026/11/apples?utm_source=x')).toBe(true);
    expect(isOriginOf(roundup, 'https://blog.example/2026/11/apples')).toBe(false);
    expect(isOriginOf(roundup, 'https://ROUNDUP.example/editorial')).toBe(true);
    expect(isOriginOf(blog, 'https://feeds.example.net/post')).toBe(false);
    expect(isOriginOf(blog, 'https://sub.blog.example/post')).toBe(false);
  });

  it('knows no origin for a post without a usable link', () => {
    for (const link of [null, '', 'not a url', 'mailto:someone@blog.example'])
      expect(isOriginOf(blog, link)).toBe(false);
  });
});

describe('realtimeTelling', () => {
  const firstSeenAt = new Date('2026-11-21T16:00:00Z');
  const telling = (isRepeat: boolean, isOrigin: boolean, readerFollowsOrigin: boolean) =>
    realtimeTelling({ isRepeat, isOrigin, readerFollowsOrigin, firstSeenAt });

  it('holds a first telling that is not the origin’s while the reader follows the origin', () => {
    expect(telling(false, false, true)).toEqual({
      send: 'held',
      until: new Date(firstSeenAt.getTime() + ORIGIN_HOLD_MS),
    });
    expect(ORIGIN_HOLD_MS).toBe(20 * 60_000);
  });

  it('sends the first telling now when it is the origin’s or the reader does not follow the origin', () => {
    expect(telling(false, true, true)).toEqual({ send: 'now' });
    expect(telling(false, true, false)).toEqual({ send: 'now' });
    expect(telling(false, false, false)).toEqual({ send: 'now' });
  });

  it('sends the origin’s repeat instead of a held copy, and never another repeat', () => {
    expect(telling(true, true, true)).toEqual({ send: 'instead-of-held-copy' });
    expect(telling(true, false, true)).toEqual({ send: 'never' });
    expect(telling(true, false, false)).toEqual({ send: 'never' });
  });
});

describe('preferOrigins', () => {
  const item = (entryId: string, repeatOfEntryId: string | null, origin = false) => ({
    entryId,
    repeatOfEntryId,
    origin,
  });
  const byOrigin = (candidate: { origin: boolean }) => candidate.origin;

  it('shows the origin’s repeat instead of an aggregator’s first telling, the others as its repeats', () => {
    const items = [item('agg', null), item('other', 'agg'), item('blog', 'agg', true), item('solo', null)];
    expect(preferOrigins(items, byOrigin)).toEqual([
      item('agg', 'blog'),
      item('other', 'blog'),
      item('blog', null, true),
      item('solo', null),
    ]);
  });

  it('keeps a first telling that is the origin’s, and repeats of a telling sent in an earlier issue', () => {
    const items = [item('blog', null, true), item('agg', 'blog'), item('late', 'sent-before', true)];
    expect(preferOrigins(items, byOrigin)).toEqual(items);
  });

  it('takes the first origin when two of a site’s feeds repeat an aggregator', () => {
    const items = [item('agg', null), item('blog-a', 'agg', true), item('blog-b', 'agg', true)];
    expect(preferOrigins(items, byOrigin)).toEqual([
      item('agg', 'blog-a'),
      item('blog-a', null, true),
      item('blog-b', 'blog-a', true),
    ]);
  });
});
