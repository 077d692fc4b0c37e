import { chooseFeedReader } from '../src/entries/domain/choose-feed-reader';
import { decodeBody } from '../src/entries/domain/decode-body';
import { scanFeedFacts } from '../src/entries/domain/feed-facts';
import { FeedParseError, parseFeed } from '../src/entries/domain/parse-feed';
import { loadFeedparserCases } from '../test/support/feedparser/feedparser-cases';
import {
  passRate,
  scoreByFolder,
  scoreParser,
  type CaseParser,
} from '../test/support/feedparser/score-feedparser';
import { parseWithPeerParser, parseWithRssParser } from './support/feed-parser-peers';
import { median, reportBench, timeMs } from './support/report';

/**
 * Feed parsing against feedparser's test feeds (the reference parser), for Tidings, rss-parser alone and
 * @rowanmanning/feed-parser in the same run, with the share of XML documents Tidings gives rss-parser to
 * read (the others are read from its XML tree); then parse speed, Tidings vs rss-parser alone, over
 * typical RSS 2.0 and Atom feeds. `--cases` also lists every kept case that fails, per parser.
 */
const listFailures = process.argv.includes('--cases');
const ROUNDS = 7;
const PARSES_PER_ROUND = 40;

const parsers: Array<{ name: string; parse: CaseParser }> = [
  {
    name: 'tidings',
    parse: (source) => parseFeed(source.bytes, { feedUrl: source.url, contentType: source.contentType }),
  },
  { name: 'rss_parser', parse: (source) => parseWithRssParser(source.bytes) },
  { name: 'peer', parse: (source) => parseWithPeerParser(source.bytes) },
];

async function main(): Promise<void> {
  const cases = loadFeedparserCases();
  const extra: Record<string, string | number> = { cases: cases.length };
  const scores = [];
  for (const { name, parse } of parsers) {
    const results = await scoreParser(
      cases,
      parse,
      (error) => name !== 'tidings' || error instanceof FeedParseError,
    );
    const byFolder = scoreByFolder(results);
    scores.push({ name, byFolder });
    const kept = byFolder.reduce((sum, folder) => sum + folder.kept, 0);
    const keptPassed = byFolder.reduce((sum, folder) => sum + folder.keptPassed, 0);
    extra[`${name}_kept_pass_rate`] = `${percent(keptPassed / kept)} (${keptPassed}/${kept})`;
    extra[`${name}_other_cases_ok`] =
      `${byFolder.reduce((sum, f) => sum + f.otherPassed, 0)}/${byFolder.reduce((sum, f) => sum + f.cases - f.kept, 0)}`;
    extra[`${name}_crashes`] = byFolder.reduce((sum, folder) => sum + folder.crashed, 0);
    if (listFailures) {
      for (const result of results.filter((candidate) => !candidate.passed)) {
        console.log(
          `${name} FAIL ${result.path} [${result.outcome}${result.reason ? `: ${result.reason}` : ''}] ${result.failedChecks.join(' | ')}`,
        );
      }
    }
  }
  for (const [index, folder] of scores[0].byFolder.entries()) {
    const cells = scores.map(
      ({ name, byFolder }) => `${name}=${folder.kept ? percent(passRate(byFolder[index])) : 'n/a'}`,
    );
    extra[`folder_${folder.folder}`] = `kept=${folder.kept}/${folder.cases} ${cells.join(' ')}`;
  }

  Object.assign(extra, routingShares(cases.map((source) => decodeBody(source.bytes, source.contentType))));

  const documents = [typicalRss(), typicalAtom()];
  extra.speed_documents_readers = documents
    .map((document) => {
      const choice = chooseFeedReader(scanFeedFacts(document.toString('utf8')));
      return choice.reader === 'rss-parser' ? choice.reader : `${choice.reader} (${choice.reason})`;
    })
    .join(',');
  const megabytes = documents.reduce((sum, document) => sum + document.length, 0) / 1e6;
  const ours: number[] = [];
  const baseline: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    ours.push(
      await timeParses(documents, (body) => parseFeed(body, { feedUrl: 'https://blog.example/feed' })),
    );
    baseline.push(await timeParses(documents, parseWithRssParser));
  }
  const rate = (ms: number) => (megabytes * PARSES_PER_ROUND) / (ms / 1000);
  extra.speed_documents = documents.map((document) => `${Math.round(document.length / 1024)}KiB`).join(',');
  reportBench({
    name: 'feeds',
    ours: rate(median(ours)),
    baseline: rate(median(baseline)),
    unit: 'MB/s',
    higherIsBetter: true,
    extra,
  });
}

async function timeParses(documents: Buffer[], parse: (body: Buffer) => Promise<unknown>): Promise<number> {
  (globalThis as { gc?: () => void }).gc?.();
  return timeMs(async () => {
    for (let index = 0; index < PARSES_PER_ROUND; index++) {
      for (const document of documents) await parse(document);
    }
  });
}

/** How many XML documents go to rss-parser, and the commonest reasons the others go to the XML tree. */
function routingShares(texts: string[]): Record<string, string> {
  const choices = texts
    .filter((text) => /^\s*</.test(text))
    .map((text) => chooseFeedReader(scanFeedFacts(text)));
  const routed = choices.filter((choice) => choice.reader === 'rss-parser').length;
  const reasons = new Map<string, number>();
  for (const choice of choices) {
    if (choice.reader === 'xml-tree') reasons.set(choice.reason, (reasons.get(choice.reason) ?? 0) + 1);
  }
  const commonest = [...reasons].sort((a, b) => b[1] - a[1]).slice(0, 6);
  return {
    routed_to_rss_parser: `${routed}/${choices.length} (${percent(routed / choices.length)})`,
    xml_tree_reasons: commonest.map(([reason, count]) => `${reason}: ${count}`).join('; '),
  };
}

function percent(rate: number): string {
  return `${(rate * 100).toFixed(1)}%`;
}

const paragraph = (n: number) =>
  `<p>Paragraph ${n} of a post, with <a href="https://blog.example/p/${n}">a link</a>, <em>emphasis</em> and an image <img src="https://blog.example/i/${n}.jpg" alt="x">.</p>`;

function typicalRss(): Buffer {
  const items = Array.from({ length: 50 }, (_, n) => {
    const body = Array.from({ length: 12 }, (_, p) => paragraph(p)).join('');
    return `<item><title>Post ${n}: news &amp; notes</title><link>https://blog.example/posts/${n}</link><guid isPermaLink="false">post-${n}</guid><pubDate>Tue, 10 Nov 2026 0${n % 10}:00:00 GMT</pubDate><dc:creator>Ann Author</dc:creator><category>news</category><description>${escape(paragraph(n))}</description><content:encoded><![CDATA[${body}]]></content:encoded></item>`;
  }).join('\n');
  return Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/"><channel><title>Blog</title><link>https://blog.example/</link><ttl>60</ttl>${items}</channel></rss>`,
  );
}

function typicalAtom(): Buffer {
  const entries = Array.from({ length: 50 }, (_, n) => {
    const body = Array.from({ length: 12 }, (_, p) => paragraph(p)).join('');
    return `<entry><id>tag:blog.example,2026:${n}</id><title type="html">Post ${n}: news &amp;amp; notes</title><link rel="alternate" href="https://blog.example/posts/${n}"/><published>2026-11-10T0${n % 10}:00:00Z</published><updated>2026-11-11T0${n % 10}:00:00Z</updated><author><name>Ann Author</name></author><category term="news"/><summary type="html">${escape(paragraph(n))}</summary><content type="html">${escape(body)}</content></entry>`;
  }).join('\n');
  return Buffer.from(
    `<?xml version="1.0" encoding="utf-8"?><feed xmlns="http://www.w3.org/2005/Atom"><title>Blog</title><link href="https://blog.example/"/><id>tag:blog.example,2026:feed</id><updated>2026-11-11T00:00:00Z</updated>${entries}</feed>`,
  );
}

function escape(html: string): string {
  return html.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

void main();
