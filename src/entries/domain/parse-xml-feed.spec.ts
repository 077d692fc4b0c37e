import { parseXmlFeed } from './parse-xml-feed';

const atom = (entry: string, feedAttributes = '') =>
  `<feed xmlns="http://www.w3.org/2005/Atom" ${feedAttributes}><title>F</title><entry>${entry}</entry></feed>`;
const rss = (item: string, rssAttributes = '') =>
  `<rss version="2.0" ${rssAttributes}><channel><title>F</title><link>https://site.example/</link><item>${item}</item></channel></rss>`;
const entryOf = (xml: string, feedUrl: string | null = 'https://feeds.example/feed.xml') =>
  parseXmlFeed(xml, feedUrl).entries[0];

describe('parseXmlFeed', () => {
  it.each([
    [
      'an Atom html title',
      atom('<title type="html">Example &lt;b&gt;Atom&lt;/b&gt; &amp;amp; co</title>'),
      'Example Atom & co',
    ],
    [
      'an Atom xhtml title',
      atom(
        '<title type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml">An <em>xhtml</em> title</div></title>',
      ),
      'An xhtml title',
    ],
    [
      'an Atom text title with brackets',
      atom('<title type="text">History of the &lt;blink&gt; tag</title>'),
      'History of the <blink> tag',
    ],
    [
      'naked markup in an Atom 0.3 title',
      '<feed version="0.3" xmlns="http://purl.org/atom/ns#"><entry><title>Example <b>Atom</b></title></entry></feed>',
      'Example Atom',
    ],
    [
      'a base64 Atom 0.3 title',
      '<feed version="0.3" xmlns="http://purl.org/atom/ns#"><entry><title mode="base64">RXhhbXBsZSA8Yj5BdG9tPC9iPg==</title></entry></feed>',
      'Example Atom',
    ],
    ['a double-escaped RSS title', rss('<title>Q&amp;amp;A: 1 &lt; 2</title>'), 'Q&A: 1 < 2'],
    [
      'an RSS title with an HTML entity that XML does not declare',
      rss('<title>Caf&eacute;&nbsp;au lait</title>'),
      'Café au lait',
    ],
    [
      'a title in CDATA with markup and new lines',
      rss('<title><![CDATA[<b>Bold</b>\n  news]]></title>'),
      'Bold news',
    ],
  ])('reads %s as one line of text', (_, xml, title) => {
    expect(entryOf(xml).title).toBe(title);
  });

  it('takes the first of several values, from the entry itself, never from a nested element', () => {
    const entry = entryOf(
      atom(
        '<source><title>Wrong</title><id>wrong</id></source><title>Right</title><title>Second</title><id>right</id>',
      ),
    );
    expect(entry).toMatchObject({ title: 'Right', id: 'right' });
  });

  it('links an RSS item by its permalink guid when it has no link, and never by a guid that is not a permalink', () => {
    expect(entryOf(rss('<guid>https://site.example/p/1</guid>')).link).toBe('https://site.example/p/1');
    expect(entryOf(rss('<guid isPermaLink="false">https://site.example/p/1</guid>')).link).toBeNull();
    expect(entryOf(rss('<guid>post-1</guid>'))).toMatchObject({ id: 'post-1', link: null });
    expect(entryOf(rss('<link>https://site.example/a</link><guid>https://site.example/b</guid>')).link).toBe(
      'https://site.example/a',
    );
  });

  it('resolves links against xml:base at every level, then the feed URL; content against xml:base, then the entry link', () => {
    const xml = atom(
      `<link href="post/"/><content type="html">&lt;img src="a.png"&gt;&lt;a href="/b"&gt;b&lt;/a&gt;</content>`,
      'xml:base="https://atom.example/blog/"',
    );
    expect(entryOf(xml)).toMatchObject({
      link: 'https://atom.example/blog/post/',
      content: '<img src="https://atom.example/blog/a.png"><a href="https://atom.example/b">b</a>',
    });
    const hugo = entryOf(
      rss('<link>https://site.example/posts/x/</link><description>&lt;img src="cover.jpg"&gt;</description>'),
    );
    expect(hugo.content).toBe('<img src="https://site.example/posts/x/cover.jpg">');
    const nested = entryOf(
      atom(
        '<link href="/p"/><content type="xhtml" xml:base="https://c.example/d/"><div xmlns="http://www.w3.org/1999/xhtml"><a href="e">e</a><p xml:base="/f/"><a href="g">g</a></p></div></content>',
      ),
    );
    expect(nested.content).toBe(
      '<a href="https://c.example/d/e">e</a><p><a href="https://c.example/f/g">g</a></p>',
    );
  });

  it('ignores an xml:base that is not http(s)', () => {
    const entry = entryOf(
      atom('<link href="p" xml:base="javascript:alert(1)//"/>', 'xml:base="https://safe.example/"'),
    );
    expect(entry.link).toBe('https://safe.example/p');
  });

  it('reads dates from Atom 0.3, Atom 1.0, RSS and Dublin Core, published before updated', () => {
    const dc = 'xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/"';
    expect(
      entryOf(
        rss(
          '<dcterms:issued>2026-11-10T09:00:00Z</dcterms:issued><dcterms:modified>2026-11-11T09:00:00Z</dcterms:modified>',
          dc,
        ),
      ),
    ).toMatchObject({
      published: new Date('2026-11-10T09:00:00Z'),
      updated: new Date('2026-11-11T09:00:00Z'),
    });
    const atom03 =
      '<feed version="0.3" xmlns="http://purl.org/atom/ns#"><entry><issued>2026-11-10T09:00:00Z</issued><modified>2026-11-12T09:00:00Z</modified></entry></feed>';
    expect(entryOf(atom03)).toMatchObject({
      published: new Date('2026-11-10T09:00:00Z'),
      updated: new Date('2026-11-12T09:00:00Z'),
    });
    expect(entryOf(rss('<pubDate>not a date</pubDate><dc:date>2026-11-10</dc:date>', dc)).published).toEqual(
      new Date('2026-11-10T00:00:00Z'),
    );
  });

  it('names the author, not their address', () => {
    expect(entryOf(rss('<author>ann@example.com (Ann Author)</author>')).author).toBe('Ann Author');
    expect(entryOf(rss('<author>Ann Author (ann@example.com)</author>')).author).toBe('Ann Author');
    expect(entryOf(rss('<author>ann@example.com</author>')).author).toBe('ann@example.com');
    expect(entryOf(atom('<author><name>Ann</name><email>ann@example.com</email></author>')).author).toBe(
      'Ann',
    );
  });

  it('reads RSS 1.0 items and their rdf:about id, and RSS without a version or with prefixed elements', () => {
    const rdf = `<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns:rss="http://purl.org/rss/1.0/">
<rss:channel rdf:about="https://r.example/"><rss:title>R</rss:title></rss:channel>
<rss:item rdf:about="https://r.example/1"><rss:title>One</rss:title><rss:link>https://r.example/1</rss:link></rss:item></rdf:RDF>`;
    expect(parseXmlFeed(rdf, null)).toMatchObject({
      title: 'R',
      entries: [{ id: 'https://r.example/1', title: 'One' }],
    });
    expect(entryOf('<rss><channel><item><title>No version</title></item></channel></rss>').title).toBe(
      'No version',
    );
  });

  it('reads what a sloppy feed means: undeclared prefixes, windows-1252 controls, double-encoded UTF-8', () => {
    const entry = entryOf(rss('<title>It\u0092s itâ€™s</title><dc:creator>Undeclared</dc:creator>'));
    expect(entry).toMatchObject({ title: 'It’s it’s', author: 'Undeclared' });
  });
});
