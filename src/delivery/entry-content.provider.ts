import { Injectable } from '@nestjs/common';
import { Entry } from '../entries/entries.service';
import { escapeHtml } from '../mail/domain/escape-html';
import { Feed } from '../feeds/feeds.service';
import { EntryForEmail, FeedForEmail } from '../mail/email-models';
import { plainTextOf } from './domain/plain-text';

/**
 * The seam between delivery and the content module: the HTML of an entry as an email shows it. This
 * default shows the feed's summary (or its content's text) escaped, and has no full-text extraction;
 * the content module's provider replaces it (rewrite for email, extraction once per entry when asked).
 */
@Injectable()
export class EntryContentProvider {
  async htmlFor(entry: Entry, _options: { fullText: boolean }): Promise<string> {
    const text = entry.summary ?? (entry.content ? plainTextOf(entry.content) : '');
    return text ? `<p>${escapeHtml(text)}</p>` : '';
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

export function feedForEmail(feed: Feed): FeedForEmail {
  return { id: feed.id, title: feed.title, url: feed.url, siteUrl: feed.siteUrl };
}
