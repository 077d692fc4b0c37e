/** A document that is not a feed Tidings can read, with the reason in words a feed's owner understands. */
export class FeedParseError extends Error {
  constructor(readonly reason: string) {
    super(`not a feed: ${reason}`);
    this.name = 'FeedParseError';
  }
}
