import { resolveUrl, WebLink } from './link-header';

const MAX_SCANNED = 1024 * 1024;

/**
 * `<link>` and `<atom:link>` elements with an `href`, in an XML feed or an HTML page, found by a
 * tolerant scan rather than a full parse: publishers' markup is often broken, and only these few
 * attributes matter. RSS's `<link>text</link>` has no href and is skipped.
 */
export function findLinkTags(markup: string, baseUrl: string): WebLink[] {
  const links: WebLink[] = [];
  for (const tag of markup.slice(0, MAX_SCANNED).matchAll(/<(?:[A-Za-z0-9_-]+:)?link\b([^>]*)>/gi)) {
    const attributes = readAttributes(tag[1]);
    const href = attributes.get('href');
    const resolved = href === undefined ? null : resolveUrl(href, baseUrl);
    if (!resolved) continue;
    const rels = (attributes.get('rel') ?? '').toLowerCase().split(/\s+/).filter(Boolean);
    links.push({ href: resolved, rels, type: attributes.get('type')?.toLowerCase() ?? null });
  }
  return links;
}

/** The attributes of the first element with this (unprefixed) name, or null. */
export function findElementAttributes(markup: string, name: string): Map<string, string> | null {
  const pattern = new RegExp(`<(?:[A-Za-z0-9_-]+:)?${name}\\b([^>]*)>`, 'i');
  const tag = pattern.exec(markup.slice(0, MAX_SCANNED));
  return tag ? readAttributes(tag[1]) : null;
}

function readAttributes(text: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const match of text.matchAll(
    /([A-Za-z_:][A-Za-z0-9_.:-]*)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>/]+))/g,
  )) {
    const name = match[1].toLowerCase();
    if (!attributes.has(name)) attributes.set(name, decodeEntities(match[2] ?? match[3] ?? match[4]));
  }
  return attributes;
}

function decodeEntities(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&apos;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}
