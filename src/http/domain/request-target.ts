import { isAllowedScheme } from './address-policy';

/**
 * Splits a stored URL into undici's origin and path, keeping the path byte for byte as stored (a
 * publisher's server may treat any re-encoding as another resource). A path that cannot go on the
 * request line as is (spaces, non-ASCII) is sent as the WHATWG URL parser encodes it. The fragment is dropped; null for anything but an http(s) URL.
 */
export function requestTarget(url: string): { origin: string; path: string } | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (!isAllowedScheme(parsed)) return null;
  const raw = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*([^#]*)/i.exec(url)?.[1] ?? '';
  const asStored = raw.startsWith('/') ? raw : `/${raw}`;
  const path = /^[\x21-\x7e]*$/.test(asStored) ? asStored : `${parsed.pathname}${parsed.search}`;
  return { origin: parsed.origin, path };
}

/** Whether two URLs share scheme, host and port: a login goes no further than its own origin. */
export function isSameOrigin(a: string, b: string): boolean {
  try {
    return new URL(a).origin === new URL(b).origin;
  } catch {
    return false;
  }
}
