import { MAX_OUTLINES, parseOpml, serializeOpml } from './opml';
import { settingsFromAttributes, TIDINGS_OPML_NAMESPACE } from './portable-settings';
import { subscriptionSettingsSchema } from './subscription-settings';

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
        { url: 'https://a.example/feed', title: 'A & B', settings: {} },
        { url: 'http://b.example/rss', title: 'B', settings: {} },
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
    expect(parseOpml(opml(body)).outlines).toEqual([
      { url: 'https://deep.example/f', title: null, settings: {} },
    ]);
  });
});

const defaults = subscriptionSettingsSchema.parse({});

describe('serializeOpml', () => {
  it('writes OPML 2.0 that reads back the same, with hostile titles escaped', () => {
    const outlines = [
      { url: 'https://a.example/feed?x=1&y=2', title: 'Tom & "Jerry" <script>', settings: defaults },
      { url: 'https://b.example/rss', title: null, settings: defaults },
    ];
    const xml = serializeOpml('Feeds of a@example.com', outlines, new Date('2026-11-22T10:00:00Z'));
    expect(xml).toContain(`<opml version="2.0" xmlns:tidings="${TIDINGS_OPML_NAMESPACE}">`);
    expect(xml).toContain('<dateCreated>Sun, 22 Nov 2026 10:00:00 GMT</dateCreated>');
    expect(xml).not.toContain('<script>');
    expect(parseOpml(xml).outlines.map(({ url, title }) => ({ url, title }))).toEqual([
      { url: outlines[0].url, title: outlines[0].title },
      { url: 'https://b.example/rss', title: 'https://b.example/rss' },
    ]);
  });
});

describe('settings in the tidings namespace', () => {
  const settings = subscriptionSettingsSchema.parse({
    mode: 'daily',
    fullText: true,
    keepRecent: 5,
    includeWords: ['rust', 'type theory'],
    excludeWords: ['crypto, "coins"'],
    filterRegex: '^Release v\\d+ & <beta>',
    subjectTag: 'Ars & Co',
    onUpdate: 'tell',
  });

  it('travel with each outline and read back the same, beside the standard attributes', () => {
    const xml = serializeOpml('t', [{ url: 'https://a.example/f', title: 'A', settings }], new Date(0));
    expect(xml).toMatch(
      /<outline type="rss" text="A" title="A" xmlUrl="https:\/\/a.example\/f" tidings:mode="daily"/,
    );
    const [outline] = parseOpml(xml).outlines;
    expect(subscriptionSettingsSchema.parse(outline.settings)).toEqual(settings);
  });

  it('carry a monthly digest’s day of the month', () => {
    const monthly = subscriptionSettingsSchema.parse({ mode: 'monthly', dayOfMonth: 31 });
    const xml = serializeOpml(
      't',
      [{ url: 'https://a.example/f', title: 'A', settings: monthly }],
      new Date(0),
    );
    expect(xml).toContain('tidings:mode="monthly" tidings:dayOfMonth="31"');
    const [outline] = parseOpml(xml).outlines;
    expect(subscriptionSettingsSchema.parse(outline.settings)).toEqual(monthly);
  });

  it('take keywords written by hand as the CLI reads them', () => {
    expect(settingsFromAttributes({ includewords: 'rust, "type theory"' })).toEqual({
      includeWords: ['rust', 'type theory'],
    });
  });

  it('leave out what is unset, and no login ever (there is no such setting to write)', () => {
    const xml = serializeOpml(
      't',
      [{ url: 'https://a.example/f', title: 'A', settings: defaults }],
      new Date(0),
    );
    expect(xml).not.toMatch(/tidings:(keepRecent|keepRandom|includeWords|filterRegex|subjectTag)=/);
    expect(xml).not.toMatch(/password|token|auth/i);
  });

  it('are read under whatever prefix the file binds to the namespace, and only that namespace', () => {
    const file = (declaration: string, prefix: string) =>
      `<opml version="2.0" ${declaration}><body><outline xmlUrl="https://a.example/f" ${prefix}:mode="weekly" ${prefix}:subjecttag="X"/></body></opml>`;
    expect(parseOpml(file(`xmlns:t="${TIDINGS_OPML_NAMESPACE}"`, 't')).outlines[0].settings).toEqual({
      mode: 'weekly',
      subjectTag: 'X',
    });
    expect(parseOpml(file('xmlns:t="https://other.example/ns"', 't')).outlines[0].settings).toEqual({});
  });

  it.each([
    [{ keeprecent: 'many' }, { keepRecent: Number.NaN }],
    [{ fulltext: 'yes' }, { fullText: 'yes' }],
    [{ keeprecent: '' }, { keepRecent: '' }],
    [{ includewords: '["unclosed' }, { includeWords: '["unclosed' }],
  ])('are read as given and left to validation: %j', (attributes, read) => {
    expect(settingsFromAttributes(attributes)).toEqual(read);
    expect(subscriptionSettingsSchema.safeParse(settingsFromAttributes(attributes)).success).toBe(false);
  });
});
