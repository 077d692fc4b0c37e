import { parse } from 'parse5';

export interface DiscoveredFeed {
  url: string;
  title: string | null;
  type: string;
}

const FEED_TYPES = new Set(['application/rss+xml', 'application/atom+xml', 'application/feed+json']);
const MAX_FEEDS = 20;

interface Node {
  nodeName: string;
  attrs?: Array<{ name: string; value: string }>;
  childNodes?: Node[];
  content?: Node;
}

/** Is the fetched body a feed itself (RSS, Atom, RDF or JSON Feed) rather than a web page? */
export function looksLikeFeed(body: string): boolean {
  const start = body
    .replace(/^\uFEFF/, '')
    .trimStart()
    .slice(0, 2000);
  if (start.startsWith('{')) return /"version"\s*:\s*"https?:\/\/jsonfeed\.org/.test(start);
  const withoutProlog = start.replace(/^(<\?[^>]*\?>\s*|<!--[\s\S]*?-->\s*)*/, '');
  return /^<(rss|feed|rdf:RDF)[\s>]/i.test(withoutProlog);
}

/**
 * The feeds a page announces with `<link rel="alternate" type="application/rss+xml|atom+xml|feed+json">`,
 * resolved against the page URL (or its `<base href>`), http(s) only, without duplicates, in page order.
 */
export function discoverFeeds(html: string, pageUrl: string): DiscoveredFeed[] {
  const document = parse(html) as unknown as Node;
  const links: Node[] = [];
  let baseHref: string | null = null;
  const pending: Node[] = [document];
  while (pending.length) {
    const node = pending.pop()!;
    if (node.nodeName === 'base' && baseHref === null) baseHref = attribute(node, 'href');
    if (node.nodeName === 'link') links.push(node);
    const children = node.content?.childNodes ?? node.childNodes ?? [];
    for (let index = children.length - 1; index >= 0; index -= 1) pending.push(children[index]);
  }
  const base = resolveUrl(baseHref ?? '', pageUrl) ?? pageUrl;
  const found = new Map<string, DiscoveredFeed>();
  for (const link of links) {
    const rel = (attribute(link, 'rel') ?? '').toLowerCase().split(/\s+/);
    const type = (attribute(link, 'type') ?? '').toLowerCase().split(';')[0].trim();
    if (!rel.includes('alternate') || !FEED_TYPES.has(type)) continue;
    const url = resolveUrl(attribute(link, 'href') ?? '', base);
    if (!url || found.has(url)) continue;
    const title = (attribute(link, 'title') ?? '').trim().slice(0, 300);
    found.set(url, { url, title: title || null, type });
    if (found.size >= MAX_FEEDS) break;
  }
  return [...found.values()];
}

function attribute(node: Node, name: string): string | null {
  return node.attrs?.find((attr) => attr.name === name)?.value ?? null;
}

function resolveUrl(href: string, base: string): string | null {
  if (!href.trim()) return null;
  try {
    const url = new URL(href.trim(), base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : null;
  } catch {
    return null;
  }
}
