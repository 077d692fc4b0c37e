import { parseFeed as parseWithPeer } from '@rowanmanning/feed-parser';
import Parser from 'rss-parser';
import type { NormalizedEntry, NormalizedFeed } from '../../src/entries/domain/normalized-entry';

/**
 * The other parsers, each given what a program using it alone would give it (the body as UTF-8 text,
 * as `fetch().text()` reads it) and mapped field for field onto Tidings' shape, without fixing what they
 * return: titles as they come, dates as they parse them, links unresolved unless they resolve them.
 */
const rssParser = new Parser();

export async function parseWithRssParser(body: Buffer): Promise<NormalizedFeed> {
  const feed = await rssParser.parseString(body.toString('utf8'));
  return {
    title: feed.title ?? null,
    siteUrl: feed.link ?? null,
    ttlMinutes: null,
    entries: (feed.items ?? []).map((item) => {
      const fields = item as typeof item & Record<string, unknown>;
      return entry({
        id: item.guid ?? stringOr(fields.id),
        link: item.link ?? null,
        title: item.title ?? null,
        published: item.isoDate ? new Date(item.isoDate) : null,
        author: item.creator ?? stringOr(fields.author),
        summary: item.summary ?? item.contentSnippet ?? null,
        content: stringOr(fields['content:encoded']) ?? item.content ?? null,
        enclosures: item.enclosure
          ? [
              {
                url: item.enclosure.url,
                type: item.enclosure.type ?? null,
                length: Number(item.enclosure.length) || null,
              },
            ]
          : [],
        categories: (item.categories ?? []).map((category) =>
          typeof category === 'string' ? category : String(category),
        ),
      });
    }),
  };
}

export async function parseWithPeerParser(body: Buffer): Promise<NormalizedFeed> {
  const feed = parseWithPeer(body.toString('utf8'));
  return {
    title: feed.title,
    siteUrl: feed.url,
    ttlMinutes: null,
    entries: feed.items.map((item) =>
      entry({
        id: item.id,
        link: item.url,
        title: item.title,
        published: item.published,
        updated: item.updated,
        author: item.authors[0]?.name ?? null,
        summary: item.description,
        content: item.content ?? item.description,
        enclosures: item.media.map((media) => ({
          url: media.url,
          type: media.mimeType,
          length: media.length,
        })),
        categories: item.categories.map((category) => category.term),
      }),
    ),
  };
}

function entry(fields: Partial<NormalizedEntry>): NormalizedEntry {
  return {
    id: null,
    link: null,
    title: null,
    published: null,
    updated: null,
    author: null,
    summary: null,
    content: null,
    enclosures: [],
    categories: [],
    ...fields,
  };
}

function stringOr(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}
