import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

const root = join(__dirname, '..', '..');

function runScript(script: string, env: Record<string, string> = {}): string {
  return execFileSync(process.execPath, ['-e', script], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, ...env },
  });
}

describe('the tidings/feeds library entry', () => {
  it('parses feeds for other programs: bytes in, text titles, absolute links, dates, with types', () => {
    const script = `
      const feeds = require('tidings/feeds');
      const atom = '<feed xmlns="http://www.w3.org/2005/Atom" xml:base="https://blog.example/"><title type="html">My &lt;b&gt;Blog&lt;/b&gt;</title>'
        + '<entry><id>tag:1</id><title type="html">Caf&amp;eacute; &amp;amp; &lt;b&gt;more&lt;/b&gt;</title><link href="posts/1"/>'
        + '<updated>2026-11-10T09:00:00+01:00</updated><content type="html">&lt;img src="i/1.png"&gt;</content></entry></feed>';
      const latin = Buffer.from('<?xml version="1.0" encoding="iso-8859-1"?><rss version="2.0"><channel><item><title>Cr\\xe8me \\x93br\\xfbl\\xe9e\\x94</title></item></channel></rss>', 'latin1');
      Promise.all([
        feeds.parseFeed(Buffer.from(atom), { feedUrl: 'https://blog.example/feed.atom', contentType: 'application/atom+xml' }),
        feeds.parseFeed(latin, { contentType: 'application/rss+xml' }),
        feeds.parseFeed('<html><body>not a feed</body></html>').catch((error) => ({ refused: error instanceof feeds.FeedParseError, reason: error.reason })),
      ]).then(([atomFeed, latinFeed, refusal]) => console.log(JSON.stringify({ atomFeed, latinTitle: latinFeed.entries[0].title, refusal })));
    `;
    const output = JSON.parse(runScript(script));
    expect(output.atomFeed.title).toBe('My Blog');
    expect(output.atomFeed.entries[0]).toMatchObject({
      id: 'tag:1',
      title: 'Café & more',
      link: 'https://blog.example/posts/1',
      updated: '2026-11-10T08:00:00.000Z',
      content: '<img src="https://blog.example/i/1.png">',
    });
    expect(output.latinTitle).toBe('Crème “brûlée”');
    expect(output.refusal).toEqual({
      refused: true,
      reason: expect.stringContaining('<html>, not RSS, RDF or Atom'),
    });
    const manifest = require('../../package.json');
    expect(manifest.exports['./feeds']).toEqual({
      types: './dist/src/entries/index.d.ts',
      default: './dist/src/entries/index.js',
    });
  });

  it('reads every test feed the same under any time zone: dates never depend on the host', () => {
    const script = `
      const { createHash } = require('node:crypto');
      const { readdirSync, readFileSync, statSync } = require('node:fs');
      const { join } = require('node:path');
      const { parseFeed } = require('tidings/feeds');
      const files = (folder) => readdirSync(folder).sort().flatMap((name) => {
        const path = join(folder, name);
        return statSync(path).isDirectory() ? files(path) : name.endsWith('.xml') ? [path] : [];
      });
      const zoneless = Buffer.from('<rss><channel><item><guid>1</guid><pubDate>2004-07-08 23:56:58</pubDate></item><item><guid>2</guid><pubDate>Thu, 01 Jan 2004 19:48</pubDate></item></channel></rss>');
      (async () => {
        const results = [];
        for (const path of [...files('test/fixtures/feedparser'), zoneless]) {
          const body = typeof path === 'string' ? readFileSync(path) : path;
          results.push(await parseFeed(body, { feedUrl: 'http://127.0.0.1:8097/' }).catch((error) => error.message));
        }
        const dates = results.flatMap((feed) => feed.entries ?? []).flatMap((entry) => [entry.published, entry.updated]).filter(Boolean);
        const last = results.at(-1).entries.map((entry) => entry.published);
        console.log(JSON.stringify({ digest: createHash('sha256').update(JSON.stringify(results)).digest('hex'), dates: dates.length, zoneless: last, offset: new Date(2004, 0, 1).getTimezoneOffset() }));
      })();
    `;
    const [kiritimati, stJohns, utc] = ['Pacific/Kiritimati', 'America/St_Johns', 'UTC'].map((zone) =>
      JSON.parse(runScript(script, { TZ: zone })),
    );
    expect([kiritimati.offset, stJohns.offset, utc.offset]).toEqual([-840, 210, 0]);
    expect(kiritimati.zoneless).toEqual(['2004-07-08T23:56:58.000Z', '2004-01-01T19:48:00.000Z']);
    expect(kiritimati.dates).toBeGreaterThan(40);
    expect(stJohns.digest).toBe(kiritimati.digest);
    expect(utc.digest).toBe(kiritimati.digest);
  });
});
