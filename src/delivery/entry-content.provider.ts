import { Injectable } from '@nestjs/common';
import { EntryHtmlService } from '../content/entry-html.service';
import { Entry } from '../entries/entries.service';
import { FeedRef } from '../feeds/feeds.service';
import { EntryForEmail, FeedForEmail } from '../mail/email-models';

/** An entry as emails show it: rewritten for mail clients by the content module, full text when asked. */
@Injectable()
export class EntryContentProvider {
  constructor(private readonly entryHtml: EntryHtmlService) {}

  htmlFor(entry: Entry, options: { fullText: boolean }): Promise<string> {
    return this.entryHtml.emailHtmlFor(entry, options);
  }

  async toEmailEntry(entry: Entry, options: { fullText: boolean }): Promise<EntryForEmail> {
    return {
      title: entry.title,
      link: entry.link,
      author: entry.author,
      published: entry.publishedAt,
      html: await this.htmlFor(entry, options),
    };
  }
}

export function feedForEmail(feed: FeedRef): FeedForEmail {
  return { id: feed.id, title: feed.title, url: feed.url, siteUrl: feed.siteUrl };
}
