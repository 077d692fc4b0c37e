import { decodeBody } from './decode-body';
import { NormalizedFeed } from './normalized-entry';
import { parseJsonFeed } from './parse-json-feed';
import { parseXmlFeed } from './parse-xml-feed';

export class FeedParseError extends Error {
  constructor(readonly reason: string) {
    super(`not a feed: ${reason}`);
    this.name = 'FeedParseError';
  }
}

/** The most entries one poll keeps (the newest): a feed of 100,000 items costs no more downstream. */
export const MAX_ENTRIES_PER_POLL = 500;
/** Deeper XML than this is refused before parsing: real feeds nest a few levels, attacks thousands. */
const MAX_XML_DEPTH = 200;

export interface ParseFeedOptions {
  /** The final URL of the feed, against which relative URLs are resolved. */
  feedUrl?: string | null;
  contentType?: string;
  maxEntries?: number;
}

/** Parses RSS, Atom or JSON Feed bytes (or text) into the normalised shape. */
export async function parseFeed(
  body: string | Buffer,
  options: ParseFeedOptions = {},
): Promise<NormalizedFeed> {
  const text = typeof body === 'string' ? body.replace(/^\uFEFF/, '') : decodeBody(body, options.contentType);
  const feedUrl = options.feedUrl ?? null;
  const feed = /^\s*[{[]/.test(text) ? parseJson(text, feedUrl) : await parseXml(text, feedUrl);
  return { ...feed, entries: newest(feed.entries, options.maxEntries ?? MAX_ENTRIES_PER_POLL) };
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

async function parseXml(text: string, feedUrl: string | null): Promise<NormalizedFeed> {
  if (!/^\s*(<\?xml|<rss|<feed|<rdf:RDF|<!--|<!DOCTYPE (rss|feed|rdf))/i.test(text)) {
    throw new FeedParseError('the document is neither XML nor JSON');
  }
  if (/<!DOCTYPE[^>[]*\[[^]*?<!ENTITY/i.test(text.slice(0, 65_536)) || /<!ENTITY/i.test(text)) {
    throw new FeedParseError('entity declarations are refused');
  }
  if (xmlDepth(text) > MAX_XML_DEPTH) throw new FeedParseError(`XML nested deeper than ${MAX_XML_DEPTH}`);
  try {
    return await parseXmlFeed(text, feedUrl);
  } catch (error) {
    throw new FeedParseError((error as Error).message.split('\n')[0]);
  }
}

/** The deepest element nesting, by a linear scan of tags (comments and CDATA are rare enough to ignore). */
function xmlDepth(text: string): number {
  const tags = /<(\/?)[A-Za-z_][^>]*?(\/?)>/g;
  let depth = 0;
  let deepest = 0;
  for (let match = tags.exec(text); match; match = tags.exec(text)) {
    if (match[1]) depth -= 1;
    else if (!match[2]) deepest = Math.max(deepest, (depth += 1));
  }
  return deepest;
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
