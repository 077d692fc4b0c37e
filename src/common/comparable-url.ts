/**
 * A URL as two of its spellings compare: without the scheme (http and https alike), `www.`, a default
 * port, a trailing slash or the fragment; the host in lower case. `query` gives the query part (by
 * default as it is). Null for anything that is not an http(s) URL.
 */
export function comparableUrl(
  input: string,
  query: (url: URL) => string = (url) => url.search,
): string | null {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  const port = url.port && url.port !== '80' && url.port !== '443' ? `:${url.port}` : '';
  const path = url.pathname.replace(/\/+$/, '');
  return `${url.hostname.replace(/^www\./, '')}${port}${path}${query(url)}`;
}

/** The host a URL names, as two spellings compare (lower case, without `www.`); null for anything but http(s). */
export function comparableHost(input: string | null | undefined): string | null {
  if (!input) return null;
  try {
    const url = new URL(input.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.hostname.replace(/^www\./, '') : null;
  } catch {
    return null;
  }
}
