import iconv from 'iconv-lite';
import { chooseFeedReader } from './choose-feed-reader';
import { scanFeedFacts } from './feed-facts';
import { FeedParseError, parseFeed } from './parse-feed';
import { parseWithRssParser } from './parse-with-rss-parser';

const rss2 = `<?xml version="1.0"?><rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/">
<channel><title>Blog</title><link>/</link><ttl>120</ttl>
<item><title>First</title><link>/posts/1</link><guid isPermaLink="false">urn:1</guid>
<pubDate>Tue, 10 Nov 2026 04:00:00 EST</pubDate><category>news</category>
<description>&lt;p&gt;Hello &amp;amp; welcome&lt;/p&gt;</description><content:encoded><![CDATA[<p>Full <b>text</b></p>]]></content:encoded>
<enclosure url="/a.mp3" type="audio/mpeg" length="123"/></item></channel></rss>`;

const atom = `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xml:base="https://atom.example/blog/"><title>Atom blog</title>
<link href="https://atom.example/"/>
<entry><id>tag:a,2026:1</id><title>Text</title><link href="one"/><published>2026-11-10T09:00:00Z</published>
<updated>2026-11-11T09:00:00Z</updated><author><name>Ann</name></author><content type="text">1 &lt; 2 &amp; b</content></entry>
<entry xml:base="https://other.example/x/"><id>tag:a,2026:2</id><title>Html</title><link rel="alternate" href="two"/>
<link rel="enclosure" href="pod.ogg" type="audio/ogg"/><updated>not a date</updated>
<content type="html">&lt;p&gt;html &lt;i&gt;here&lt;/i&gt;&lt;/p&gt;</content><summary>Plain summary</summary></entry>
<entry><id>tag:a,2026:3</id><title>Xhtml</title><updated>2026-11-12T09:00:00Z</updated>
<content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml"><p>x<b>html</b></p></div></content></entry></feed>`;

describe('parseFeed', () => {
  it('normalises RSS 2.0 with relative URLs resolved against the feed URL', async () => {
    const feed = await parseFeed(rss2, { feedUrl: 'https://blog.example/feed.xml' });
    expect(feed).toMatchObject({ title: 'Blog', siteUrl: 'https://blog.example/', ttlMinutes: 120 });
    expect(feed.entries).toEqual([
      {
        id: 'urn:1',
        link: 'https://blog.example/posts/1',
        title: 'First',
        published: new Date('2026-11-10T09:00:00Z'),
        updated: null,
        author: null,
        summary: 'Hello & welcome',
        content: '<p>Full <b>text</b></p>',
        enclosures: [{ url: 'https://blog.example/a.mp3', type: 'audio/mpeg', length: 123 }],
        categories: ['news'],
      },
    ]);
  });

  it('reads with the XML tree a document rss-parser was chosen for but throws on', async () => {
    const misnamedEndTag = `<rss version="2.0"><channel><title>Blog</title><item><title>One</title></itemm></channel></rss>`;
    expect(chooseFeedReader(scanFeedFacts(misnamedEndTag))).toEqual({ reader: 'rss-parser', format: 'rss' });
    await expect(parseWithRssParser(misnamedEndTag, null, 'rss')).rejects.toThrow(/close tag/i);
    const feed = await parseFeed(misnamedEndTag);
    expect(feed.title).toBe('Blog');
  });

  it('reads RSS 1.0 (RDF) and RSS 0.91', async () => {
    const rdf = `<?xml version="1.0"?><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/" xmlns:dc="http://purl.org/dc/elements/1.1/">
<channel rdf:about="https://r.example/"><title>RDF</title><link>https://r.example/</link></channel>
<item rdf:about="https://r.example/1"><title>One</title><link>https://r.example/1</link><dc:date>2026-11-10T09:00:00Z</dc:date></item></rdf:RDF>`;
    const rss091 = `<?xml version="1.0"?><rss version="0.91"><channel><title>Old</title><link>https://o.example/</link>
<item><title>Old one</title><link>https://o.example/1</link></item></channel></rss>`;
    const [one] = (await parseFeed(rdf)).entries;
    expect(one).toMatchObject({
      link: 'https://r.example/1',
      title: 'One',
      published: new Date('2026-11-10T09:00:00Z'),
    });
    expect((await parseFeed(rss091)).entries[0]).toMatchObject({
      link: 'https://o.example/1',
      title: 'Old one',
    });
  });

  it('reads Atom text, html and xhtml content, xml:base at feed and entry level, and garbage dates', async () => {
    const feed = await parseFeed(atom, { feedUrl: 'https://atom.example/feed' });
    const [text, html, xhtml] = feed.entries;
    expect(text).toMatchObject({
      link: 'https://atom.example/blog/one',
      author: 'Ann',
      content: '<p>1 &lt; 2 &amp; b</p>',
      published: new Date('2026-11-10T09:00:00Z'),
      updated: new Date('2026-11-11T09:00:00Z'),
    });
    expect(html).toMatchObject({
      link: 'https://other.example/x/two',
      content: '<p>html <i>here</i></p>',
      summary: 'Plain summary',
      published: null,
      updated: null,
      enclosures: [{ url: 'https://other.example/x/pod.ogg', type: 'audio/ogg', length: null }],
    });
    expect(xhtml.content).toContain('<b>html</b>');
    expect(xhtml.published).toBeNull();
    expect(xhtml.updated).toEqual(new Date('2026-11-12T09:00:00Z'));
  });

  it('reads JSON Feed 1.0 and 1.1', async () => {
    const json = JSON.stringify({
      version: 'https://jsonfeed.org/version/1.1',
      title: 'JSON blog',
      home_page_url: 'https://j.example/',
      items: [
        {
          id: 42,
          url: '/p/42',
          title: 'Answer',
          content_text: 'a < b',
          date_published: '2026-11-10T09:00:00Z',
          authors: [{ name: 'Jo' }],
          tags: ['x', 3],
          attachments: [{ url: 'https://j.example/a.mp3', mime_type: 'audio/mpeg', size_in_bytes: 9 }],
        },
        'not an item',
      ],
    });
    const feed = await parseFeed(Buffer.from(json), { feedUrl: 'https://j.example/feed.json' });
    expect(feed.title).toBe('JSON blog');
    expect(feed.entries).toHaveLength(1);
    expect(feed.entries[0]).toMatchObject({
      id: '42',
      link: 'https://j.example/p/42',
      content: '<p>a &lt; b</p>',
      author: 'Jo',
      categories: ['x', '3'],
      enclosures: [{ url: 'https://j.example/a.mp3', type: 'audio/mpeg', length: 9 }],
    });
    const v1 = { version: 'https://jsonfeed.org/version/1', items: [{ id: 'a', content_html: '<p>x</p>' }] };
    expect((await parseFeed(JSON.stringify(v1))).entries[0].content).toBe('<p>x</p>');
  });

  it('decodes bytes in the charset the feed declares', async () => {
    const latin = `<?xml version="1.0" encoding="ISO-8859-1"?><rss version="2.0"><channel><title>Café</title>
<item><title>Crème brûlée</title><guid>1</guid></item></channel></rss>`;
    const feed = await parseFeed(iconv.encode(latin, 'latin1'), { contentType: 'application/rss+xml' });
    expect(feed.title).toBe('Café');
    expect(feed.entries[0].title).toBe('Crème brûlée');
  });

  it('keeps only the newest entries of a huge feed', async () => {
    const items = Array.from(
      { length: 100_000 },
      (_, index) =>
        `<item><guid>${index}</guid><pubDate>${new Date(Date.UTC(2020, 0, 1) + index * 60_000).toUTCString()}</pubDate></item>`,
    ).join('');
    const feed = await parseFeed(
      `<?xml version="1.0"?><rss version="2.0"><channel><title>Big</title>${items}</channel></rss>`,
    );
    expect(feed.entries).toHaveLength(500);
    expect(feed.entries[0].id).toBe('99500');
    expect(feed.entries.at(-1)!.id).toBe('99999');
  });

  const billionLaughs = `<?xml version="1.0"?><!DOCTYPE rss [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
<!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]><rss version="2.0"><channel><title>&lol3;</title></channel></rss>`;
  const externalEntity = `<?xml version="1.0"?><!DOCTYPE rss [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><rss version="2.0"><channel><title>&xxe;</title></channel></rss>`;
  const deep = `<?xml version="1.0"?><rss version="2.0"><channel><item><description>${'<a>'.repeat(50_000)}${'</a>'.repeat(50_000)}</description></item></channel></rss>`;

  it.each([
    ['HTML', '<html><body>hello</body></html>', /<html>, not RSS, RDF or Atom/],
    ['a JSON document that is not a feed', '{"version":"x"}', /not a JSON Feed/],
    ['broken JSON', '{"version":', /invalid JSON/],
    ['nothing', '', /empty/],
    ['plain text', 'hello', /neither XML nor JSON/],
    ['XML cut short before its first item ends', '<rss><channel><item><title>Half', /ends before/],
    ['50,000 levels of nesting', deep, /nested deeper than 200/],
  ])('refuses %s with a FeedParseError that says why', async (_, body, reason) => {
    const error = await parseFeed(body).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(FeedParseError);
    expect((error as FeedParseError).reason).toMatch(reason);
  });

  it('never expands entities that refer to entities, nor external ones: they stay as written', async () => {
    expect((await parseFeed(billionLaughs)).title).toBe('&lol3;');
    expect((await parseFeed(externalEntity)).title).toBe('&xxe;');
  });

  it('expands plain-text entities a DOCTYPE declares, up to a budget', async () => {
    const declared = (value: string, uses: number) =>
      `<!DOCTYPE rss [<!ENTITY e "${value}">]><rss><channel><title>${'&e;'.repeat(uses)}</title></channel></rss>`;
    expect((await parseFeed(declared('tag:x,', 2))).title).toBe('tag:x,tag:x,');
    const flood = (await parseFeed(declared('x'.repeat(1000), 2000))).title!;
    expect(flood.length).toBeLessThan(1_100_000);
    expect(flood).toContain('&e;');
  });

  it('keeps the complete items of a truncated document and drops the one cut short', async () => {
    const feed = await parseFeed('<rss><channel><item><title>Whole</title></item><item><title>Cut');
    expect(feed.entries.map((entry) => entry.title)).toEqual(['Whole']);
  });
});
