import { chooseFeedReader } from './choose-feed-reader';
import { decodeBody } from './decode-body';
import { scanFeedFacts } from './feed-facts';
import { FeedParseError } from './feed-parse-error';
import { NormalizedFeed } from './normalized-entry';
import { parseJsonFeed } from './parse-json-feed';
import { parseWithRssParser } from './parse-with-rss-parser';
import { parseXmlFeed } from './parse-xml-feed';

export { FeedParseError };

/** The most entries one poll keeps (the newest): a feed of 100,000 items costs no more downstream. */
export const MAX_ENTRIES_PER_POLL = 500;

export interface ParseFeedOptions {
  /** The URL the feed was fetched from (after redirects), against which relative URLs are resolved. */
  feedUrl?: string | null;
  /** The response's Content-Type header: its charset decides how the bytes are read. */
  contentType?: string;
  maxEntries?: number;
}

/**
 * Parses RSS 0.9x/1.0/2.0, Atom 0.3/1.0 or JSON Feed bytes (or text) into the normalised shape, or
 * throws a `FeedParseError` that says why the document is not a feed.
 */
export async function parseFeed(
  body: string | Buffer,
  options: ParseFeedOptions = {},
): Promise<NormalizedFeed> {
  const text = typeof body === 'string' ? body.replace(/^\uFEFF/, '') : decodeBody(body, options.contentType);
  const feedUrl = options.feedUrl ?? null;
  const feed = await parseText(text, feedUrl);
  return { ...feed, entries: newest(feed.entries, options.maxEntries ?? MAX_ENTRIES_PER_POLL) };
}

async function parseText(text: string, feedUrl: string | null): Promise<NormalizedFeed> {
  if (/^\s*[{[]/.test(text)) return parseJson(text, feedUrl);
  if (/^\s*</.test(text)) return parseXml(text, feedUrl);
  throw new FeedParseError(text.trim() ? 'the document is neither XML nor JSON' : 'the document is empty');
}

/**
 * rss-parser reads the documents it reads faithfully (`chooseFeedReader`); the XML tree reads the others,
 * and any document rss-parser throws on. Both give their elements to the same `FeedReader`.
 */
async function parseXml(text: string, feedUrl: string | null): Promise<NormalizedFeed> {
  const choice = chooseFeedReader(scanFeedFacts(text));
  if (choice.reader === 'rss-parser') {
    try {
      return await parseWithRssParser(text, feedUrl, choice.format);
    } catch {
      // rss-parser refused what the scan could not see (a wrong end tag, a missing channel): the tree reads it.
    }
  }
  return parseXmlFeed(text, feedUrl);
}

function parseJson(text: string, feedUrl: string | null): NormalizedFeed {
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch (error) {
    throw new FeedParseError(`invalid JSON (${(error as Error).message})`);
  }
  const feed = parseJsonFeed(document, feedUrl);
  if (!feed) throw new FeedParseError('JSON that is not a JSON Feed 1.0 or 1.1');
  return feed;
}

function newest<T extends { published: Date | null; updated: Date | null }>(
  entries: T[],
  limit: number,
): T[] {
  if (entries.length <= limit) return entries;
  const time = (entry: T) => (entry.published ?? entry.updated)?.getTime() ?? -Infinity;
  return entries
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => time(b.entry) - time(a.entry) || a.index - b.index)
    .slice(0, limit)
    .sort((a, b) => a.index - b.index)
    .map(({ entry }) => entry);
}
