import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FeedParseError } from '../../../src/entries/domain/parse-feed';
import { FeedParser } from '../../../src/entries/feed-parser';

/** The compiled worker, as `npm start` runs it (`npm test` builds before running jest). */
const script = join(__dirname, '..', '..', '..', 'dist', 'src', 'entries', 'feed-parser.worker.js');

function rss(items: string, title = 'Worker feed'): Buffer {
  return Buffer.from(
    `<?xml version="1.0"?><rss version="2.0"><channel><title>${title}</title>${items}</channel></rss>`,
  );
}

const item = (n: number) =>
  `<item><guid>p${n}</guid><title>Post ${n}</title><link>/posts/${n}</link><pubDate>${new Date(Date.UTC(2026, 10, 1) + n * 60_000).toUTCString()}</pubDate></item>`;

/** A 10 MB feed of 100,000 items: over a second of parsing. */
const huge = rss(Array.from({ length: 100_000 }, (_, n) => item(n)).join(''));

describe('FeedParser on worker threads', () => {
  let parser: FeedParser;
  afterEach(() => parser.onModuleDestroy());

  beforeAll(() => {
    if (!existsSync(script)) throw new Error(`${script} is missing: run \`npm run build\` first`);
  });

  it('parses on a worker, dates and resolved links included, many feeds at once each to its caller', async () => {
    parser = new FeedParser({ workers: 2, timeoutMs: 10_000, script });
    const feeds = await Promise.all(
      Array.from({ length: 12 }, (_, n) =>
        parser.parse(rss(item(n), `Feed ${n}`), { feedUrl: `https://blog${n}.example/feed.xml` }),
      ),
    );
    feeds.forEach((feed, n) => {
      expect(feed.title).toBe(`Feed ${n}`);
      expect(feed.entries).toHaveLength(1);
      expect(feed.entries[0].link).toBe(`https://blog${n}.example/posts/${n}`);
      expect(feed.entries[0].published).toEqual(new Date(Date.UTC(2026, 10, 1) + n * 60_000));
    });
  });

  it('answers a document that is not a feed with a FeedParseError, and goes on parsing', async () => {
    parser = new FeedParser({ workers: 1, timeoutMs: 10_000, script });
    const refused = await parser.parse(Buffer.from('<html><body>hi</body></html>'), {}).catch((e) => e);
    expect(refused).toBeInstanceOf(FeedParseError);
    expect(refused.message).toBe('not a feed: the document is <html>, not RSS, RDF or Atom');
    await expect(parser.parse(rss(item(1)), {})).resolves.toMatchObject({ title: 'Worker feed' });
  });

  it('stops a parse that overruns its time, fails that feed alone, and parses the next one on a new thread', async () => {
    // The real worker, except that a body reading `never` never finishes: the overrun does not depend on
    // how fast this machine parses.
    const neverEnding = join(mkdtempSync(join(tmpdir(), 'tidings-worker-')), 'never-ending.worker.js');
    writeFileSync(
      neverEnding,
      `const { parentPort } = require('node:worker_threads');
       parentPort.on('message', ({ body }) => { if (Buffer.from(body).toString() === 'never') for (;;); });
       require(${JSON.stringify(script)});`,
    );
    parser = new FeedParser({ workers: 1, timeoutMs: 1_000, script: neverEnding });
    const [endless, next] = await Promise.allSettled([
      parser.parse(Buffer.from('never'), {}),
      parser.parse(rss(item(2)), {}),
    ]);
    expect(endless).toMatchObject({ status: 'rejected', reason: expect.any(FeedParseError) });
    expect((endless as PromiseRejectedResult).reason.message).toBe(
      'not a feed: parsing took longer than 1000 ms',
    );
    expect(next).toMatchObject({ status: 'fulfilled', value: { title: 'Worker feed' } });
  });

  it('fails a feed that needs more memory than a worker may use, and keeps serving', async () => {
    parser = new FeedParser({ workers: 1, timeoutMs: 60_000, maxMemoryMb: 16, script });
    const failure = await parser.parse(huge, {}).catch((e) => e);
    expect(failure).toBeInstanceOf(FeedParseError);
    expect(failure.message).toBe('not a feed: parsing needed more than 16 MB');
    await expect(parser.parse(rss(item(3)), {})).resolves.toMatchObject({ title: 'Worker feed' });
  });

  it('keeps the event loop free while a big feed is parsed', async () => {
    parser = new FeedParser({ workers: 1, timeoutMs: 60_000, script });
    let ticks = 0;
    const ticker = setInterval(() => (ticks += 1), 5);
    const feed = await parser.parse(huge, {});
    clearInterval(ticker);
    expect(feed.entries).toHaveLength(500);
    expect(ticks).toBeGreaterThan(20);
  });

  it('fails waiting feeds one by one when a thread cannot start, instead of holding them', async () => {
    const broken = join(mkdtempSync(join(tmpdir(), 'tidings-worker-')), 'broken.worker.js');
    writeFileSync(broken, "throw new Error('cannot load');");
    parser = new FeedParser({ workers: 1, timeoutMs: 10_000, script: broken });
    const outcomes = await Promise.allSettled([
      parser.parse(rss(item(7)), {}),
      parser.parse(rss(item(8)), {}),
    ]);
    expect(outcomes).toEqual([
      { status: 'rejected', reason: new FeedParseError('the parser failed: cannot load') },
      { status: 'rejected', reason: new FeedParseError('the parser failed: cannot load') },
    ]);
  });

  it('refuses work once closed, and parses in process without workers', async () => {
    parser = new FeedParser({ workers: 1, timeoutMs: 10_000, script });
    await parser.onModuleDestroy();
    await expect(parser.parse(rss(item(4)), {})).rejects.toThrow('the feed parser is closed');
    parser = new FeedParser({ workers: 0, timeoutMs: 10_000, script });
    await expect(parser.parse(rss(item(5)), {})).resolves.toMatchObject({ title: 'Worker feed' });
  });
});
