import { ValidationError } from '../../common/errors';

/**
 * Checks that a feed URL is an absolute http(s) URL. The URL is kept exactly as given (trimmed):
 * publishers' servers may treat any rewriting of it as another resource.
 */
export function validateFeedUrl(input: string): string {
  const url = input.trim();
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new ValidationError(`"${url}" is not a URL (expected http:// or https://)`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new ValidationError(`"${url}" is not an http(s) URL`);
  }
  if (url.length > 4000) throw new ValidationError('the URL is longer than 4,000 characters');
  return url;
}

/** A feed's site as its last parse named it, else the front page of its host. */
export function siteOfFeed(feed: { url: string; siteUrl: string | null }): string {
  if (feed.siteUrl) return feed.siteUrl;
  try {
    return new URL('/', feed.url).toString();
  } catch {
    return feed.url;
  }
}
