import { Injectable } from '@nestjs/common';
import { ValidationError } from '../../common/errors';
import { NormalizedEntry } from '../../entries/domain/normalized-entry';
import { parseFeed } from '../../entries/domain/parse-feed';
import { DiscoveredFeed, discoverFeeds, looksLikeFeed } from '../../feeds/domain/discover-feeds';
import { validateFeedUrl } from '../../feeds/domain/feed-url';
import { HttpClient } from '../../fetcher/http-client';

export type FeedLookup =
  | { kind: 'feed'; url: string; title: string | null; newest: NormalizedEntry | null }
  | { kind: 'choices'; pageUrl: string; feeds: DiscoveredFeed[] };

const MAX_REDIRECTS = 5;

/** Turns what the user typed (a feed URL or a site URL) into a feed with a preview, or a choice of feeds. */
@Injectable()
export class FeedFinder {
  constructor(private readonly http: HttpClient) {}

  async lookUp(input: string): Promise<FeedLookup> {
    const page = await this.fetchDocument(validateFeedUrl(input));
    if (looksLikeFeed(page.body)) return this.asFeed(page.url, page.body);
    const feeds = discoverFeeds(page.body, page.url);
    if (feeds.length === 0)
      throw new ValidationError(`No feed found at ${page.url}: neither a feed nor a page that links to one.`);
    if (feeds.length > 1) return { kind: 'choices', pageUrl: page.url, feeds };
    return this.fetchFeed(feeds[0].url);
  }

  /** The feed at this URL as it is now, for a preview of its newest post. */
  async fetchFeed(url: string): Promise<FeedLookup & { kind: 'feed' }> {
    const feed = await this.fetchDocument(validateFeedUrl(url));
    if (!looksLikeFeed(feed.body)) throw new ValidationError(`${url} does not answer with a feed.`);
    return this.asFeed(feed.url, feed.body);
  }

  private async asFeed(url: string, body: string): Promise<FeedLookup & { kind: 'feed' }> {
    try {
      const parsed = await parseFeed(body);
      return { kind: 'feed', url, title: parsed.title, newest: newestOf(parsed.entries) };
    } catch (error) {
      throw new ValidationError(`${url} looks like a feed but cannot be read: ${(error as Error).message}`);
    }
  }

  /** The one place the dashboard fetches from the network: through the fetcher's client, redirects followed. */
  private async fetchDocument(url: string): Promise<{ url: string; body: string }> {
    let current = url;
    for (let hop = 0; hop <= MAX_REDIRECTS; hop += 1) {
      const response = await this.http.get(current).catch((error: Error) => {
        throw new ValidationError(`Could not fetch ${current}: ${error.message}`);
      });
      const location = response.headers.location;
      if (response.status >= 300 && response.status < 400 && typeof location === 'string') {
        current = validateFeedUrl(new URL(location, current).toString());
        continue;
      }
      if (response.status !== 200)
        throw new ValidationError(`${current} answered with status ${response.status}.`);
      return { url: current, body: response.body };
    }
    throw new ValidationError(`${url} redirects more than ${MAX_REDIRECTS} times.`);
  }
}

function newestOf(entries: NormalizedEntry[]): NormalizedEntry | null {
  const time = (entry: NormalizedEntry) => (entry.published ?? entry.updated)?.getTime() ?? 0;
  return entries.reduce<NormalizedEntry | null>(
    (newest, entry) => (newest === null || time(entry) > time(newest) ? entry : newest),
    null,
  );
}
