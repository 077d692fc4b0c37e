import { Injectable } from '@nestjs/common';
import { ValidationError } from '../common/errors';
import { NormalizedEntry } from '../entries/domain/normalized-entry';
import { parseFeed } from '../entries/domain/parse-feed';
import { DiscoveredFeed, discoverFeeds, looksLikeFeed } from './domain/discover-feeds';
import { authorizationHeader, FeedCredentials } from './domain/feed-credentials';
import { validateFeedUrl } from './domain/feed-url';
import { decodeBody } from '../entries/domain/decode-body';
import { isSameOrigin } from '../http/domain/request-target';
import { SafeHttpClient } from '../http/safe-http-client';

export type FeedLookup =
  | {
      kind: 'feed';
      url: string;
      title: string | null;
      siteUrl: string | null;
      newest: NormalizedEntry | null;
      /** The page whose `<link rel="alternate">` led to this feed; null when the URL was the feed. */
      foundOn: string | null;
    }
  | { kind: 'choices'; pageUrl: string; feeds: DiscoveredFeed[] };

const ACCEPT =
  'application/rss+xml, application/atom+xml, application/feed+json, application/xml;q=0.9, text/html;q=0.8, */*;q=0.5';

/**
 * Turns what the user typed (a feed URL or a site URL) into a feed with a preview, or a choice of feeds:
 * the check behind the dashboard's add form and `tidings subscribe`.
 */
@Injectable()
export class FeedFinder {
  constructor(private readonly http: SafeHttpClient) {}

  /**
   * With `login`, the URL must be the feed itself: its login is never sent to a feed a page links to.
   */
  async lookUp(input: string, login?: FeedCredentials): Promise<FeedLookup> {
    const page = await this.fetchDocument(validateFeedUrl(input), login && authorizationHeader(login));
    if (looksLikeFeed(page.body)) return this.asFeed(page.url, page.body);
    if (login) throw new ValidationError(`${page.url} is not a feed: with a login, give the feed's own URL.`);
    const feeds = discoverFeeds(page.body, page.url);
    if (feeds.length === 0)
      throw new ValidationError(`No feed found at ${page.url}: neither a feed nor a page that links to one.`);
    if (feeds.length > 1) return { kind: 'choices', pageUrl: page.url, feeds };
    return { ...(await this.fetchFeed(feeds[0].url)), foundOn: page.url };
  }

  /** The feed at this URL as it is now, for a preview of its newest post. */
  async fetchFeed(url: string, authorization?: string | null): Promise<FeedLookup & { kind: 'feed' }> {
    const feed = await this.fetchDocument(validateFeedUrl(url), authorization);
    if (!looksLikeFeed(feed.body)) throw new ValidationError(`${url} does not answer with a feed.`);
    return this.asFeed(feed.url, feed.body);
  }

  private async asFeed(url: string, body: string): Promise<FeedLookup & { kind: 'feed' }> {
    try {
      const parsed = await parseFeed(body, { feedUrl: url });
      return {
        kind: 'feed',
        url,
        title: parsed.title,
        siteUrl: parsed.siteUrl,
        newest: newestOf(parsed.entries),
        foundOn: null,
      };
    } catch (error) {
      throw new ValidationError(`${url} looks like a feed but cannot be read: ${(error as Error).message}`);
    }
  }

  /** Through the fetcher's safe client (SSRF guard, limits, redirects), like every fetch of Tidings. */
  private async fetchDocument(
    url: string,
    authorization?: string | null,
  ): Promise<{ url: string; body: string }> {
    const response = await this.http.fetch(url, { accept: ACCEPT, authorization }).catch((error: Error) => {
      throw new ValidationError(`Could not fetch ${url}: ${error.message}`);
    });
    if (response.status === 401 || response.status === 403)
      throw new ValidationError(
        loginRefusal(url, response.finalUrl, response.status, Boolean(authorization)),
      );
    if (response.status !== 200)
      throw new ValidationError(`${response.finalUrl} answered with status ${response.status}.`);
    const contentType = response.headers['content-type'];
    return {
      url: response.finalUrl,
      body: decodeBody(response.body, Array.isArray(contentType) ? contentType[0] : contentType),
    };
  }
}

function newestOf(entries: NormalizedEntry[]): NormalizedEntry | null {
  const time = (entry: NormalizedEntry) => (entry.published ?? entry.updated)?.getTime() ?? 0;
  return entries.reduce<NormalizedEntry | null>(
    (newest, entry) => (newest === null || time(entry) > time(newest) ? entry : newest),
    null,
  );
}

/** Why a lookup was refused a login: none given, the one given, or one a redirect left behind. */
function loginRefusal(url: string, finalUrl: string, status: number, withLogin: boolean): string {
  if (!withLogin) return `${finalUrl} asks for a login (status ${status}).`;
  if (isSameOrigin(url, finalUrl))
    return `${finalUrl} did not take this login (status ${status}): check the user name and password, or the token.`;
  return (
    `${url} redirects to ${finalUrl}, which asks for a login (status ${status}): a login is sent only to ` +
    `the address's own origin (${new URL(url).origin}); subscribe to ${finalUrl} with it.`
  );
}
