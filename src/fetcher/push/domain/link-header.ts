export interface WebLink {
  href: string;
  rels: string[];
  type: string | null;
}

/**
 * Reads an HTTP `Link` header (RFC 8288): `<https://hub.example/>; rel="hub", <…>; rel="self"`.
 * Tolerant: unparseable parts are skipped; relative targets are resolved against `baseUrl`.
 */
export function parseLinkHeader(header: string | string[] | undefined, baseUrl: string): WebLink[] {
  const values = Array.isArray(header) ? header : header ? [header] : [];
  const links: WebLink[] = [];
  for (const value of values) {
    for (const match of value.slice(0, 16_384).matchAll(/<([^>]*)>((?:\s*;\s*[^,;<]*)*)/g)) {
      const params = new Map<string, string>();
      for (const param of match[2].matchAll(/;\s*([A-Za-z*-]+)\s*=\s*(?:"([^"]*)"|([^\s;,"]+))/g)) {
        params.set(param[1].toLowerCase(), param[2] ?? param[3]);
      }
      const href = resolveUrl(match[1].trim(), baseUrl);
      const rels = (params.get('rel') ?? '').toLowerCase().split(/\s+/).filter(Boolean);
      if (href && rels.length) links.push({ href, rels, type: params.get('type') ?? null });
    }
  }
  return links;
}

/** An absolute http(s) URL, or null for anything else. */
export function resolveUrl(href: string, baseUrl: string): string | null {
  try {
    const url = new URL(href, baseUrl);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : null;
  } catch {
    return null;
  }
}
