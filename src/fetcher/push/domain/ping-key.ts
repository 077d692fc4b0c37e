/**
 * The key under which a URL is found in the ping cache. Publishers ping with small variations of the
 * URL we know (http for https, a trailing slash, upper-case host, a fragment), so those are ignored.
 * Null for anything that is not an http(s) URL.
 */
export function pingKey(input: string): string | null {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  const port = url.port && url.port !== '80' && url.port !== '443' ? `:${url.port}` : '';
  const path = url.pathname.replace(/\/+$/, '');
  return `${url.hostname.replace(/^www\./, '')}${port}${path}${url.search}`;
}
