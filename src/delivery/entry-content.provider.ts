import { Injectable } from '@nestjs/common';
import { EntryHtmlService } from '../content/entry-html.service';
import { Entry } from '../entries/entries.service';
import { FeedRef } from '../feeds/feeds.service';
import { EntryForEmail, FeedForEmail } from '../mail/email-models';

/** An entry as one delivery call's emails show it (`EntryContentProvider.forBatch`). */
export type EmailEntryOf = (entry: Entry, fullText: boolean) => Promise<EntryForEmail>;

/** An entry as emails show it: rewritten for mail clients by the content module, full text when asked. */
@Injectable()
export class EntryContentProvider {
  constructor(private readonly entryHtml: EntryHtmlService) {}

  /**
   * The email version of entries for one delivery call (a poll's fan-out, a batch of digests): readers
   * of the same feed get the same post, so each entry is rewritten, or its full text read, once per
   * call and with or without full text, however many readers it goes to.
   */
  forBatch(): EmailEntryOf {
    const known = new Map<string, Promise<EntryForEmail>>();
    return (entry, fullText) => {
      const key = `${entry.id}:${fullText}`;
      const emailEntry = known.get(key) ?? this.toEmailEntry(entry, { fullText });
      known.set(key, emailEntry);
      return emailEntry;
    };
  }

  private async toEmailEntry(entry: Entry, options: { fullText: boolean }): Promise<EntryForEmail> {
    return {
      title: entry.title,
      link: entry.link,
      author: entry.author,
      published: entry.publishedAt,
      html: await this.entryHtml.emailHtmlFor(entry, options),
    };
  }
}

export function feedForEmail(feed: FeedRef): FeedForEmail {
  return { id: feed.id, title: feed.title, url: feed.url, siteUrl: feed.siteUrl };
}
