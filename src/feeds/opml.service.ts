import { Injectable } from '@nestjs/common';
import { Clock } from '../common/clock';
import { parseOpml, serializeOpml } from './domain/opml';
import { FeedsService } from './feeds.service';

export interface OpmlImportReport {
  added: number;
  alreadySubscribed: number;
  /** Outlines whose URL is not http(s), plus those past the 10,000 cap. */
  rejected: number;
  isTruncated: boolean;
}

/** OPML import and export of a user's subscriptions, for the dashboard and the CLI alike. */
@Injectable()
export class OpmlService {
  constructor(
    private readonly feeds: FeedsService,
    private readonly clock: Clock,
  ) {}

  /** Subscribes to every new feed of the file with default settings; existing subscriptions keep theirs. */
  async importFor(userId: string, xml: string): Promise<OpmlImportReport> {
    const parsed = parseOpml(xml);
    const existing = new Set(
      (await this.feeds.subscriptionsOfUser(userId)).map((subscription) => subscription.feed.url),
    );
    let added = 0;
    for (const outline of parsed.outlines) {
      if (existing.has(outline.url)) continue;
      await this.feeds.subscribe(userId, outline.url, {});
      added += 1;
    }
    return {
      added,
      alreadySubscribed: parsed.outlines.length - added,
      rejected: parsed.rejected,
      isTruncated: parsed.isTruncated,
    };
  }

  async exportFor(userId: string, title: string): Promise<string> {
    const subscriptions = await this.feeds.subscriptionsOfUser(userId);
    const outlines = subscriptions.map(({ feed }) => ({ url: feed.url, title: feed.title }));
    return serializeOpml(title, outlines, this.clock.now());
  }
}
