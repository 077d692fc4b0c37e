import { MAX_OUTLINES, parseOpml, serializeOpml } from './opml';

const opml = (body: string) => `<?xml version="1.0"?><opml version="2.0"><head/><body>${body}</body></opml>`;

describe('parseOpml', () => {
  it('reads feeds, nested categories included, without duplicates', () => {
    const parsed = parseOpml(
      opml(`<outline text="Tech">
        <outline type="rss" text="A &amp; B" xmlUrl="https://a.example/feed"/>
        <outline text="Deeper"><outline xmlurl="http://b.example/rss" title="B"/></outline>
      </outline>
      <outline type="rss" text="again" xmlUrl="https://a.example/feed"/>
      <outline text="no feed here"/>`),
    );
    expect(parsed).toEqual({
      outlines: [
        { url: 'https://a.example/feed', title: 'A & B' },
        { url: 'http://b.example/rss', title: 'B' },
      ],
      rejected: 0,
      isTruncated: false,
    });
  });

  it('rejects outlines whose URL is not http(s)', () => {
    const parsed = parseOpml(
      opml(`<outline xmlUrl="file:///etc/passwd"/><outline xmlUrl="javascript:alert(1)"/>
        <outline xmlUrl="not a url"/><outline xmlUrl="https://ok.example/f"/>`),
    );
    expect(parsed.outlines.map((outline) => outline.url)).toEqual(['https://ok.example/f']);
    expect(parsed.rejected).toBe(3);
  });

  it.each([
    ['', /not a readable OPML file/],
    ['<opml><body><outline></body></opml>', /not a readable OPML file/],
    ['<html><body/></html>', /root element is not <opml>/],
    ['\u0000\u0001 binary', /not a readable OPML file/],
  ])('refuses malformed input %j', (xml, message) => {
    expect(() => parseOpml(xml)).toThrow(message);
  });

  it('does not expand entities (no billion laughs, no external files)', () => {
    const xml = `<?xml version="1.0"?><!DOCTYPE opml [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;">
      <!ENTITY ext SYSTEM "file:///etc/passwd">]>
      <opml><body><outline title="&b;&ext;" xmlUrl="https://x.example/f"/></body></opml>`;
    let result: ReturnType<typeof parseOpml> | Error;
    try {
      result = parseOpml(xml);
    } catch (error) {
      result = error as Error;
    }
    expect(JSON.stringify(result)).not.toMatch(/aaaaaaaaaa|root:/);
  });

  it('refuses a file over the size cap', () => {
    expect(() => parseOpml(opml(' '.repeat(6 * 1024 * 1024)))).toThrow(/larger than 5 MB/);
  });

  it(`keeps at most ${MAX_OUTLINES} feeds and says so`, () => {
    const body = Array.from(
      { length: MAX_OUTLINES + 50 },
      (_, i) => `<outline xmlUrl="https://f.example/${i}"/>`,
    ).join('');
    const parsed = parseOpml(opml(body));
    expect(parsed.outlines).toHaveLength(MAX_OUTLINES);
    expect(parsed.isTruncated).toBe(true);
  });

  it('survives deep nesting', () => {
    const depth = 5000;
    const body = `${'<outline text="x">'.repeat(depth)}<outline xmlUrl="https://deep.example/f"/>${'</outline>'.repeat(depth)}`;
    expect(parseOpml(opml(body)).outlines).toEqual([{ url: 'https://deep.example/f', title: null }]);
  });
});

describe('serializeOpml', () => {
  it('writes OPML 2.0 that reads back the same, with hostile titles escaped', () => {
    const outlines = [
      { url: 'https://a.example/feed?x=1&y=2', title: 'Tom & "Jerry" <script>' },
      { url: 'https://b.example/rss', title: null },
    ];
    const xml = serializeOpml('Feeds of a@example.com', outlines, new Date('2026-11-22T10:00:00Z'));
    expect(xml).toContain('<opml version="2.0">');
    expect(xml).toContain('<dateCreated>Sun, 22 Nov 2026 10:00:00 GMT</dateCreated>');
    expect(xml).not.toContain('<script>');
    expect(parseOpml(xml).outlines).toEqual([
      outlines[0],
      { url: 'https://b.example/rss', title: 'https://b.example/rss' },
    ]);
  });
});
