import { comparableUrl } from '../../../common/comparable-url';

/**
 * The key under which a URL is found in the ping cache. Publishers ping with small variations of the
 * URL we know (http for https, a trailing slash, upper-case host, a fragment), so those are ignored.
 * Null for anything that is not an http(s) URL.
 */
export function pingKey(input: string): string | null {
  return comparableUrl(input);
}
