import { Injectable } from '@nestjs/common';
import { Clock } from '../common/clock';
import { RefusedAddressError } from '../http/url-address-policy';
import { parseOpml, serializeOpml } from './domain/opml';
import { subscriptionSettingsSchema } from './domain/subscription-settings';
import { FeedsService } from './feeds.service';

export interface OpmlImportReport {
  added: number;
  alreadySubscribed: number;
  /** Outlines whose URL is not http(s), plus those past the 10,000 cap. */
  rejected: number;
  /** Outlines left out by the address policy, each with the reason (the dashboard's and CLI's words). */
  refused: string[];
  /** Feeds added with default settings because the file's `tidings:` settings were not valid. */
  settingsIgnored: number;
  isTruncated: boolean;
}

/** OPML import and export of a user's subscriptions, for the dashboard and the CLI alike. */
@Injectable()
export class OpmlService {
  constructor(
    private readonly feeds: FeedsService,
    private readonly clock: Clock,
  ) {}

  /**
   * Subscribes to every new feed of the file with the settings its `tidings:` attributes carry (default
   * ones when it has none, or invalid ones); existing subscriptions keep theirs.
   */
  async importFor(userId: string, xml: string): Promise<OpmlImportReport> {
    const parsed = parseOpml(xml);
    const existing = new Set(
      (await this.feeds.subscriptionsOfUser(userId)).map((subscription) => subscription.feed.url),
    );
    let added = 0;
    let settingsIgnored = 0;
    const refused: string[] = [];
    for (const outline of parsed.outlines) {
      if (existing.has(outline.url)) continue;
      const settings = subscriptionSettingsSchema.safeParse(outline.settings);
      if (!settings.success) settingsIgnored += 1;
      try {
        await this.feeds.subscribe(userId, outline.url, settings.data ?? {}, { title: outline.title });
        added += 1;
      } catch (error) {
        if (!(error instanceof RefusedAddressError)) throw error;
        refused.push(error.message);
      }
    }
    return {
      added,
      alreadySubscribed: parsed.outlines.length - added - refused.length,
      rejected: parsed.rejected,
      refused,
      settingsIgnored,
      isTruncated: parsed.isTruncated,
    };
  }

  async exportFor(userId: string, title: string): Promise<string> {
    const subscriptions = await this.feeds.subscriptionsOfUser(userId);
    const outlines = subscriptions.map(({ feed, ...settings }) => ({
      url: feed.url,
      title: feed.title,
      settings,
    }));
    return serializeOpml(title, outlines, this.clock.now());
  }
}
