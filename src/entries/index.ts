/** The feed parser as a library: `import { parseFeed } from 'tidings/feeds'`. */
export { parseFeed, FeedParseError, MAX_ENTRIES_PER_POLL, type ParseFeedOptions } from './domain/parse-feed';
export type { NormalizedEntry, NormalizedFeed } from './domain/normalized-entry';
