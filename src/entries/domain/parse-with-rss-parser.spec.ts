import { parseWithRssParser } from './parse-with-rss-parser';

describe('parseWithRssParser', () => {
  it('reads items through the shared rules: text titles, resolved links, dates without the host zone', async () => {
    const feed = await parseWithRssParser(
      `<rss version="2.0"><channel><title>Blog</title><link>/</link><item><title>A &amp;amp; B</title><link>/1</link><pubDate>Tue, 10 Nov 2026 04:00:00</pubDate><guid isPermaLink="false">urn:1</guid></item></channel></rss>`,
      'https://blog.example/feed',
      'rss',
    );
    expect(feed).toMatchObject({ title: 'Blog', siteUrl: 'https://blog.example/' });
    expect(feed.entries[0]).toMatchObject({
      id: 'urn:1',
      title: 'A & B',
      link: 'https://blog.example/1',
      published: new Date('2026-11-10T04:00:00Z'),
    });
  });

  it('reads an Atom date rss-parser itself would throw on as no date, and keeps the entry', async () => {
    const feed = await parseWithRssParser(
      `<feed xmlns="http://www.w3.org/2005/Atom"><entry><id>1</id><published>not a date</published><updated>2026-11-10T09:00:00Z</updated></entry></feed>`,
      null,
      'atom',
    );
    expect(feed.entries[0]).toMatchObject({ published: null, updated: new Date('2026-11-10T09:00:00Z') });
  });

  it("reads elements nested in an item, whatever their names (an Atom author's name and email)", async () => {
    const feed = await parseWithRssParser(
      `<feed xmlns="http://www.w3.org/2005/Atom"><entry><id>1</id><author><name>Ann</name><email>ann@blog.example</email></author></entry></feed>`,
      null,
      'atom',
    );
    expect(feed.entries[0].author).toBe('Ann');
  });

  it('throws on every ill-formed document, whatever the one before it was', async () => {
    const manyErrors = `<rss version="2.0"><channel><title>Bad</title></chanel><item></itemm></x></y></rss>`;
    const oneError = `<rss version="2.0"><channel><title>Next</title><item><title>A</title></item></chanel></rss>`;
    await expect(parseWithRssParser(manyErrors, null, 'rss')).rejects.toThrow(/close tag/);
    await expect(parseWithRssParser(oneError, null, 'rss')).rejects.toThrow(/close tag/);
  });
});
