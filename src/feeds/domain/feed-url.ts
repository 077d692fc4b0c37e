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
  // A login in the URL would be stored, shown and exported as typed: it goes in the feed's login instead.
  if (parsed.username || parsed.password) {
    parsed.username = '';
    parsed.password = '';
    throw new ValidationError(
      `${parsed.toString()}: a feed's URL carries no user name or password; give them as the feed's login ` +
        '(dashboard: "A feed behind a login"; CLI: --auth-user USER --auth-password-stdin)',
    );
  }
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
