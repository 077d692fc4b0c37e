import { parseLinkHeader, WebLink } from './link-header';
import { findElementAttributes, findLinkTags } from './link-tags';

export interface WebSubDiscovery {
  hubs: string[];
  /** The topic to subscribe to: the feed's `rel="self"`, else the URL it was fetched from. */
  self: string;
}

export interface CloudEndpoint {
  /** Where to send the registration POST. */
  registerUrl: string;
}

/**
 * WebSub discovery (W3C, section 4): `Link` headers first; only when they name no hub, the feed's own
 * `<link rel="hub">` / `<atom:link rel="self">` elements. Null when the publisher names no hub.
 */
export function discoverWebSub(
  feedUrl: string,
  headers: Record<string, string | string[] | undefined>,
  body: string,
): WebSubDiscovery | null {
  const fromHeaders = parseLinkHeader(headers.link, feedUrl);
  const links = hubsOf(fromHeaders).length ? fromHeaders : findLinkTags(body, feedUrl);
  const hubs = hubsOf(links);
  if (!hubs.length) return null;
  const self = links.find((link) => link.rels.includes('self'))?.href ?? feedUrl;
  return { hubs, self };
}

/** An RSS `<cloud protocol="http-post">` element as the URL to register with, or null. */
export function discoverCloud(body: string): CloudEndpoint | null {
  const cloud = findElementAttributes(body, 'cloud');
  if (!cloud || cloud.get('protocol')?.toLowerCase() !== 'http-post') return null;
  const domain = cloud.get('domain') ?? '';
  const port = Number(cloud.get('port') ?? 80);
  const path = cloud.get('path') ?? '';
  if (!/^[A-Za-z0-9.-]+$/.test(domain) || !Number.isInteger(port) || port < 1 || port > 65535) return null;
  if (!path.startsWith('/')) return null;
  const scheme = port === 443 ? 'https' : 'http';
  try {
    return { registerUrl: new URL(`${scheme}://${domain}:${port}${path}`).toString() };
  } catch {
    return null;
  }
}

function hubsOf(links: WebLink[]): string[] {
  return [...new Set(links.filter((link) => link.rels.includes('hub')).map((link) => link.href))];
}
