import { entryIdentityHash } from './entry-identity';
import { FeedParseError, parseFeed } from './parse-feed';

const rss = `<?xml version="1.0"?><rss version="2.0"><channel><title>Blog</title><link>https://blog.example/</link>
<item><title>First</title><link>https://blog.example/1</link><guid>urn:1</guid><pubDate>Tue, 10 Nov 2026 09:00:00 GMT</pubDate>
<description>&lt;p&gt;Hello&lt;/p&gt;</description></item></channel></rss>`;

describe('parseFeed', () => {
  it('normalises an RSS 2.0 item', async () => {
    const feed = await parseFeed(rss);
    expect(feed.title).toBe('Blog');
    expect(feed.siteUrl).toBe('https://blog.example/');
    expect(feed.entries).toHaveLength(1);
    expect(feed.entries[0]).toMatchObject({
      id: 'urn:1',
      link: 'https://blog.example/1',
      title: 'First',
      published: new Date('2026-11-10T09:00:00Z'),
    });
  });

  it.each(['<html><body>hello</body></html>', '{"version":"x"}', '', '<rss><channel><item>'])(
    'rejects %j with a FeedParseError',
    async (body) => {
      await expect(parseFeed(body)).rejects.toThrow(FeedParseError);
    },
  );
});

describe('entryIdentityHash', () => {
  it('prefers the ID, then the link, then title and date', () => {
    const base = { id: null, link: null, title: 'T', published: new Date(0) };
    expect(entryIdentityHash({ ...base, id: 'a', link: 'x' })).toBe(
      entryIdentityHash({ ...base, id: 'a', link: 'y' }),
    );
    expect(entryIdentityHash({ ...base, link: 'x' })).not.toBe(entryIdentityHash({ ...base, link: 'y' }));
    expect(entryIdentityHash(base)).toBe(entryIdentityHash({ ...base }));
    expect(entryIdentityHash(base)).not.toBe(entryIdentityHash({ ...base, published: new Date(1) }));
  });
});
