import { chooseFeedReader } from './choose-feed-reader';
import { MAX_SCANNED_LENGTH, scanFeedFacts } from './feed-facts';

const choose = (xml: string) => chooseFeedReader(scanFeedFacts(xml));
const rss = (items: string, attributes = 'version="2.0"') =>
  `<?xml version="1.0"?><rss ${attributes}><channel><title>T</title><link>https://b.example/</link>${items}</channel></rss>`;
const atom = (entries: string, attributes = '') =>
  `<feed xmlns="http://www.w3.org/2005/Atom"${attributes}><title>T</title>${entries}</feed>`;
const treeReads = (reason: RegExp) => ({ reader: 'xml-tree', reason: expect.stringMatching(reason) });

describe('chooseFeedReader', () => {
  it.each([
    [
      'RSS 2.0 with modules, CDATA HTML and an atom:link rel=self',
      rss(
        '<item><title>A &amp; B</title><link>https://b.example/1</link><dc:creator>Ann</dc:creator><content:encoded><![CDATA[<p>x &nbsp; <b>y</b></p>]]></content:encoded><description>&lt;p&gt;hi&lt;/p&gt;</description></item>',
        'version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:atom="http://www.w3.org/2005/Atom"',
      ).replace('<title>T</title>', '<title>T</title><atom:link rel="self" href="https://b.example/feed"/>'),
      'rss',
    ],
    ['RSS 0.91', rss('<item><title>Old</title></item>', 'version="0.91"'), 'rss'],
    [
      'RDF',
      '<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/"><channel rdf:about="x"><title>T</title></channel><item rdf:about="y"><title>I</title></item></rdf:RDF>',
      'rdf',
    ],
    [
      'Atom with html and text constructs',
      atom(
        '<entry><id>1</id><title type="html">A &lt;b&gt;B&lt;/b&gt;</title><author><name>Ann</name></author><content type="html">&lt;p&gt;x&lt;/p&gt;</content><link rel="alternate" href="/1"/><link rel="enclosure" href="/a.mp3"/></entry>',
      ),
      'atom',
    ],
  ])('gives rss-parser %s', (_, xml, format) => {
    expect(choose(xml)).toEqual({ reader: 'rss-parser', format });
  });

  it.each([
    ['RSS without a version (rss-parser refuses it)', rss('<item/>', ''), /RSS without a version/],
    ['RSS 3.0', rss('<item/>', 'version="3.0"'), /RSS version 3.0/],
    ['RSS without a channel', '<rss version="2.0"></rss>', /no channel/],
    ['a root rss-parser does not know', '<CHANNEL><ITEM/></CHANNEL>', /<CHANNEL> root/],
    ['prefixed RSS elements', '<rss:rss xmlns:rss="http://purl.org/rss/1.0/"/>', /<rss:rss> root/],
    [
      'RDF items under a prefix',
      '<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns:rss="http://purl.org/rss/1.0/"><rss:channel/><rss:item/></rdf:RDF>',
      /prefixed feed elements/,
    ],
    [
      'Atom xhtml',
      atom(
        '<entry><title type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml">A <b>B</b></div></title></entry>',
      ),
      /default namespace declared below|markup inside <title>/,
    ],
    ['naked markup in a title', rss('<item><title>A <b>B</b></title></item>'), /markup inside <title>/],
    [
      'base64 text',
      atom('<entry><title type="image/png">QUJD</title></entry>'),
      /title of type="image\/png"/,
    ],
    ['Atom 0.3 mode', atom('<entry><content mode="escaped">x</content></entry>'), /mode/],
    ['xml:base', atom('<entry xml:base="https://o.example/"><link href="1"/></entry>'), /xml:base/],
    [
      'Dublin Core under another prefix',
      rss(
        '<item><x:creator>Ann</x:creator></item>',
        'version="2.0" xmlns:x="http://purl.org/dc/elements/1.1/"',
      ),
      /under the x: prefix/,
    ],
    [
      'dc: bound to another namespace',
      rss('<item><dc:creator>Ann</dc:creator></item>', 'version="2.0" xmlns:dc="urn:other"'),
      /dc: prefix bound to another/,
    ],
    ['an undeclared prefix', rss('<item><foo:bar>x</foo:bar></item>'), /undeclared prefix foo:/],
    [
      'an atom:link that is the entry link',
      rss('<item><atom:link href="https://b.example/1"/></item>'),
      /atom:link read as a link/,
    ],
    [
      'summary and description in one item',
      rss('<item><summary>a</summary><description>b</description></item>'),
      /both summary and description/,
    ],
    [
      'an Atom author without a name',
      atom('<entry><author><email>a@b.example</email></author></entry>'),
      /author without a name/,
    ],
    [
      'items beside the channel',
      '<rss version="2.0"><channel><title>T</title></channel><item/></rss>',
      /items under <rss>/,
    ],
    ['HTML entities', rss('<item><title>caf&eacute;</title></item>'), /HTML entities/],
    ['a truncated document', rss('<item><title>Cut').slice(0, -20), /not well-formed/],
  ])('gives the XML tree %s', (_, xml, reason) => {
    expect(choose(xml)).toEqual(treeReads(reason));
  });

  describe('keeps hostile documents away from xml2js', () => {
    it('an entity bomb', () => {
      const bomb = `<?xml version="1.0"?><!DOCTYPE rss [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]><rss version="2.0"><channel><title>&lol2;</title></channel></rss>`;
      expect(choose(bomb)).toEqual(treeReads(/DOCTYPE that declares entities/));
    });

    it('deep nesting', () => {
      expect(choose(rss(`<item><x>${'<a>'.repeat(50_000)}${'</a>'.repeat(50_000)}</x></item>`))).toEqual(
        treeReads(/deeply nested/),
      );
    });

    it('a document over the scanned length, without scanning it', () => {
      const huge = rss('<item><title>x</title></item>'.repeat(MAX_SCANNED_LENGTH / 20));
      expect(scanFeedFacts(huge)).toMatchObject({ root: null, maxDepth: 0 });
      expect(choose(huge)).toEqual(treeReads(/large document/));
    });

    it('markup that never closes (the scan stays linear: each tag stops at the next <)', () => {
      expect(choose(`<rss version="2.0">${'<a'.repeat(200_000)}`)).toEqual(treeReads(/not well-formed/));
      expect(choose(`<rss version="2.0">${'<![CDATA[x'.repeat(50_000)}`)).toEqual(
        treeReads(/not well-formed/),
      );
    });
  });
});
