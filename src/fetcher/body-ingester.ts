import { Injectable } from '@nestjs/common';
import { DeliveryService } from '../delivery/delivery.service';
import { EntryUpdatesService } from '../delivery/entry-updates.service';
import { EntriesService } from '../entries/entries.service';
import { FeedParseError } from '../entries/domain/parse-feed';
import { FeedParser } from '../entries/feed-parser';
import { Failure } from './domain/classify-response';
import { ParsedFeed } from './domain/next-poll-state';
import { DueFeed } from './poll-state.repository';

/** A body parsed, its entries stored, the new ones handed to delivery. */
export interface Ingested {
  kind: 'parsed';
  feed: ParsedFeed;
  newEntries: number;
  emailsEnqueued: number;
  /** Entries whose delivery this poll planned: marked so with the feed's new state. */
  planned: string[];
}

/**
 * A new feed body, fetched or pushed: parsed off the event loop, its entries stored and deduplicated,
 * the new ones delivered, the edited ones told to the readers who asked. The feed's first parse records what is there and emails nothing: no flood on
 * subscribe.
 */
@Injectable()
export class BodyIngester {
  constructor(
    private readonly parser: FeedParser,
    private readonly entries: EntriesService,
    private readonly delivery: DeliveryService,
    private readonly updates: EntryUpdatesService,
  ) {}

  async ingest(
    feed: DueFeed,
    body: Buffer,
    source: { finalUrl: string; contentType?: string },
    now: Date,
  ): Promise<Ingested | Failure> {
    let parsed;
    try {
      parsed = await this.parser.parse(body, { feedUrl: source.finalUrl, contentType: source.contentType });
    } catch (error) {
      if (!(error instanceof FeedParseError)) throw error;
      return { kind: 'failed', label: 'parse-error', reason: error.message };
    }
    const isFirstParse = feed.bodyHash === null;
    const { added: inserted, revised } = await this.entries.ingest(feed.id, parsed.entries, now, {
      deliver: !isFirstParse,
    });
    const title = parsed.title?.slice(0, 500) ?? feed.title;
    const emails = isFirstParse
      ? 0
      : (await this.delivery.deliverNewEntries({ ...feed, title }, inserted)) +
        (await this.updates.tellRevised({ ...feed, title }, revised, now));
    return {
      kind: 'parsed',
      feed: {
        title,
        siteUrl: parsed.siteUrl ?? feed.siteUrl,
        publicationTimes: await this.entries.recentPublicationTimes(feed.id),
        ttlMinutes: parsed.ttlMinutes,
      },
      newEntries: isFirstParse ? 0 : inserted.length,
      emailsEnqueued: emails,
      planned: isFirstParse ? [] : inserted.map((entry) => entry.id),
    };
  }
}
