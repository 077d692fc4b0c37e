import { z } from 'zod';
import { parseFeedDate } from './feed-date';
import { absoluteUrl, shortSummary, stringOrNull, summaryOf } from './feed-text';
import { asHtml } from './text-construct';
import { NormalizedEntry, NormalizedFeed } from './normalized-entry';

const author = z.object({ name: z.unknown().optional() }).loose();
const item = z
  .object({
    id: z.unknown().optional(),
    url: z.unknown().optional(),
    external_url: z.unknown().optional(),
    title: z.unknown().optional(),
    content_html: z.unknown().optional(),
    content_text: z.unknown().optional(),
    summary: z.unknown().optional(),
    date_published: z.unknown().optional(),
    date_modified: z.unknown().optional(),
    author: author.optional().catch(undefined),
    authors: z.array(author).optional().catch(undefined),
    tags: z.array(z.unknown()).optional().catch(undefined),
    attachments: z
      .array(
        z
          .object({
            url: z.unknown(),
            mime_type: z.unknown().optional(),
            size_in_bytes: z.unknown().optional(),
          })
          .loose(),
      )
      .optional()
      .catch(undefined),
  })
  .loose();
const jsonFeed = z
  .object({
    version: z.string().regex(/^https?:\/\/jsonfeed\.org\/version\/1(\.1)?$/),
    title: z.unknown().optional(),
    home_page_url: z.unknown().optional(),
    items: z.array(z.unknown()),
  })
  .loose();

/** JSON Feed 1.0 and 1.1; null when the document is not one. Items that are not objects are skipped. */
export function parseJsonFeed(document: unknown, baseUrl: string | null): NormalizedFeed | null {
  const feed = jsonFeed.safeParse(document);
  if (!feed.success) return null;
  const entries = feed.data.items.flatMap((raw) => {
    const parsed = item.safeParse(raw);
    return parsed.success ? [normaliseItem(parsed.data, baseUrl)] : [];
  });
  return {
    title: stringOrNull(feed.data.title),
    siteUrl: absoluteUrl(feed.data.home_page_url, baseUrl),
    ttlMinutes: null,
    entries,
  };
}

function normaliseItem(entry: z.infer<typeof item>, baseUrl: string | null): NormalizedEntry {
  const html = stringOrNull(entry.content_html);
  const text = stringOrNull(entry.content_text);
  const content = html ?? (text ? asHtml({ isHtml: false, text }) : null);
  return {
    id: stringOrNull(entry.id),
    link: absoluteUrl(entry.url, baseUrl) ?? absoluteUrl(entry.external_url, baseUrl),
    title: stringOrNull(entry.title)?.replace(/\s+/g, ' ') ?? null,
    published: parseFeedDate(entry.date_published),
    updated: parseFeedDate(entry.date_modified),
    author: stringOrNull(entry.authors?.[0]?.name) ?? stringOrNull(entry.author?.name),
    summary: shortSummary(stringOrNull(entry.summary) ?? '') ?? (content ? summaryOf(content) : null),
    content,
    enclosures: (entry.attachments ?? []).flatMap((attachment) => {
      const url = absoluteUrl(attachment.url, baseUrl);
      return url
        ? [
            {
              url,
              type: stringOrNull(attachment.mime_type),
              length: Number(attachment.size_in_bytes) || null,
            },
          ]
        : [];
    }),
    categories: (entry.tags ?? []).flatMap((tag) => stringOrNull(tag) ?? []),
  };
}
