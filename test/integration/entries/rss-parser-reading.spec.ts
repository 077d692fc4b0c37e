import { isDeepStrictEqual } from 'node:util';
import { chooseFeedReader } from '../../../src/entries/domain/choose-feed-reader';
import { decodeBody } from '../../../src/entries/domain/decode-body';
import { scanFeedFacts } from '../../../src/entries/domain/feed-facts';
import type { NormalizedFeed } from '../../../src/entries/domain/normalized-entry';
import { parseWithRssParser } from '../../../src/entries/domain/parse-with-rss-parser';
import { parseXmlFeed } from '../../../src/entries/domain/parse-xml-feed';
import { loadFeedparserCases } from '../../support/feedparser/feedparser-cases';

/** What an email shows of a feed and its entries (dates as text, for a readable difference). */
function shown(feed: NormalizedFeed) {
  return {
    title: feed.title,
    siteUrl: feed.siteUrl,
    entries: feed.entries.map((entry) => ({
      ...entry,
      published: entry.published?.toISOString() ?? null,
      updated: entry.updated?.toISOString() ?? null,
    })),
  };
}

/**
 * The differential test of the routing: every XML document of feedparser's corpus that `chooseFeedReader`
 * sends to rss-parser is read by rss-parser and, separately, from the XML tree; both must give the same
 * feed, field for field. A rule missing from the routing shows here as a document read differently.
 */
describe('documents routed to rss-parser', () => {
  const documents = loadFeedparserCases()
    .map((source) => ({ source, text: decodeBody(source.bytes, source.contentType) }))
    .filter(({ text }) => /^\s*</.test(text))
    .map((document) => ({ ...document, choice: chooseFeedReader(scanFeedFacts(document.text)) }));
  const routed = documents.flatMap(({ source, text, choice }) =>
    choice.reader === 'rss-parser' ? [{ source, text, format: choice.format }] : [],
  );

  it('are most of the corpus, though it collects the odd cases', () => {
    expect(routed.length / documents.length).toBeGreaterThan(0.6);
  });

  it('read the same through rss-parser as from the XML tree', async () => {
    const differences: Array<{ path: string; rssParser: unknown; xmlTree: unknown }> = [];
    for (const { source, text, format } of routed) {
      const rssParser = await parseWithRssParser(text, source.url, format).then(
        shown,
        (error: Error) => `rss-parser threw: ${error.message.split('\n')[0]}`,
      );
      const xmlTree = shown(parseXmlFeed(text, source.url));
      if (!isDeepStrictEqual(rssParser, xmlTree)) differences.push({ path: source.path, rssParser, xmlTree });
    }
    expect(differences).toEqual([]);
  });
});
