import Parser from 'rss-parser';
import { parseFeedDate } from './feed-date';
import { absoluteUrl, escapeText, plainText, stringOrNull } from './feed-text';
import { NormalizedEntry, NormalizedFeed } from './normalized-entry';

type RawItem = Parser.Item & Record<string, unknown>;
type Raw = string | { _?: string; $?: Record<string, string> } | undefined;

/**
 * rss-parser turns Atom dates into ISO strings with `new Date(x).toISOString()`, which throws on garbage
 * and fails the whole feed: the tags are renamed so that we read them ourselves.
 */
const renameDates = (name: string) => (name === 'published' || name === 'updated' ? `tidings-${name}` : name);

const parser = new Parser<Record<string, unknown>, Record<string, unknown>>({
  timeout: 0,
  xml2js: { tagNameProcessors: [renameDates] },
  customFields: {
    feed: ['ttl'],
    item: [
      ['$', 'attributes', { keepArray: true }],
      ['tidings-published', 'rawPublished'],
      ['tidings-updated', 'rawUpdated'],
      ['dc:date', 'dcDate'],
      ['content', 'rawContent', { keepArray: true }],
      ['summary', 'rawSummary', { keepArray: true }],
      ['enclosure', 'rawEnclosures', { keepArray: true }],
      ['link', 'rawLinks', { keepArray: true }],
    ],
  },
});

/** RSS 0.9x/1.0/2.0 and Atom 1.0 through rss-parser; relative URLs resolved against xml:base, then the feed URL. */
export async function parseXmlFeed(xml: string, feedUrl: string | null): Promise<NormalizedFeed> {
  const parsed = await parser.parseString(xml);
  const rootBase = /^[^]*?<(?:feed|rss|rdf:RDF)\b[^>]*?\sxml:base\s*=\s*["']([^"']*)["']/.exec(
    xml.slice(0, 4096),
  )?.[1];
  const base = absoluteUrl(rootBase, feedUrl) ?? feedUrl;
  const ttl = Number(stringOrNull(parsed.ttl));
  return {
    title: stringOrNull(parsed.title),
    siteUrl: absoluteUrl(parsed.link, base),
    ttlMinutes: Number.isInteger(ttl) && ttl > 0 ? ttl : null,
    entries: (parsed.items ?? []).map((item) => normaliseItem(item, base)),
  };
}

function normaliseItem(item: RawItem, feedBase: string | null): NormalizedEntry {
  const base =
    absoluteUrl((item.attributes as Record<string, string> | undefined)?.['xml:base'], feedBase) ?? feedBase;
  const content =
    atomHtml(first(item.rawContent), item.content) ??
    stringOrNull(item['content:encoded']) ??
    stringOrNull(item.content);
  const summaryHtml = atomHtml(first(item.rawSummary), item.summary);
  return {
    id: stringOrNull(item.guid) ?? stringOrNull(item.id),
    link: absoluteUrl(item.link, base),
    title: stringOrNull(item.title),
    published: parseFeedDate(item.rawPublished ?? item.pubDate ?? item.dcDate),
    updated: parseFeedDate(item.rawUpdated),
    author: stringOrNull(item.creator) ?? stringOrNull(item.author) ?? stringOrNull(item['dc:creator']),
    summary: summaryHtml ? plainText(summaryHtml) || null : stringOrNull(item.contentSnippet),
    content,
    enclosures: enclosures(item, base),
    categories: (item.categories ?? []).flatMap((category) => stringOrNull(category) ?? []),
  };
}

/** Atom text constructs: `text` (the default) is escaped, `html` kept, `xhtml` as rss-parser rebuilt it. */
function atomHtml(raw: Raw, rebuilt: unknown): string | null {
  if (raw === undefined) return null;
  const type = typeof raw === 'string' ? 'text' : (raw.$?.type ?? 'text');
  const text = typeof raw === 'string' ? raw : (raw._ ?? '');
  if (type === 'xhtml' || type.endsWith('xhtml+xml')) return stringOrNull(rebuilt);
  if (type === 'html' || type === 'text/html') return stringOrNull(text);
  return text.trim() ? `<p>${escapeText(text.trim())}</p>` : null;
}

function enclosures(item: RawItem, base: string | null): NormalizedEntry['enclosures'] {
  const rss = (item.rawEnclosures as Array<{ $?: Record<string, string> }> | undefined) ?? [];
  const atom = ((item.rawLinks as Array<{ $?: Record<string, string> }> | undefined) ?? []).filter(
    (link) => link.$?.rel === 'enclosure',
  );
  return [...rss.map((e) => [e.$?.url, e.$]), ...atom.map((l) => [l.$?.href, l.$])].flatMap(
    ([href, attributes]) => {
      const url = absoluteUrl(href, base);
      const fields = attributes as Record<string, string> | undefined;
      return url ? [{ url, type: stringOrNull(fields?.type), length: Number(fields?.length) || null }] : [];
    },
  );
}

function first(value: unknown): Raw {
  return Array.isArray(value) ? (value[0] as Raw) : undefined;
}
