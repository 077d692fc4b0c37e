import Parser from 'rss-parser';
import { NormalizedEntry, NormalizedFeed } from './normalized-entry';

export class FeedParseError extends Error {
  constructor(reason: string) {
    super(`not a feed: ${reason}`);
    this.name = 'FeedParseError';
  }
}

const parser = new Parser({ timeout: 0 });

/** Parses RSS and Atom into the normalised shape. */
export async function parseFeed(body: string): Promise<NormalizedFeed> {
  if (!/^\s*(<\?xml|<rss|<feed|<rdf:RDF|<!--)/i.test(body.replace(/^\uFEFF/, ''))) {
    throw new FeedParseError('the document is not XML');
  }
  let parsed: Parser.Output<Record<string, unknown>>;
  try {
    parsed = await parser.parseString(body);
  } catch (error) {
    throw new FeedParseError((error as Error).message.split('\n')[0]);
  }
  return {
    title: parsed.title?.trim() || null,
    siteUrl: parsed.link?.trim() || null,
    entries: (parsed.items ?? []).map(normaliseItem),
  };
}

function normaliseItem(item: Parser.Item & Record<string, unknown>): NormalizedEntry {
  const published = parseDate(item.isoDate ?? item.pubDate);
  return {
    id: stringOrNull(item.guid) ?? stringOrNull(item.id),
    link: stringOrNull(item.link),
    title: stringOrNull(item.title),
    published,
    updated: null,
    author: stringOrNull(item.creator) ?? stringOrNull(item.author),
    summary: stringOrNull(item.contentSnippet) ?? stringOrNull(item.summary),
    content: stringOrNull(item.content),
    enclosures: item.enclosure?.url
      ? [
          {
            url: item.enclosure.url,
            type: item.enclosure.type ?? null,
            length: Number(item.enclosure.length) || null,
          },
        ]
      : [],
    categories: (item.categories ?? []).filter(
      (category): category is string => typeof category === 'string',
    ),
  };
}

function stringOrNull(value: unknown): string | null {
  return typeof value === 'string' && value.trim() ? value.trim() : null;
}

function parseDate(value: string | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}
