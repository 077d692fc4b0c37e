import { siteOfFeed } from '../../feeds/domain/feed-url';
import { EntryEmail, EntryForEmail, EntryUpdateEmail, FeedForEmail, FeedProblemEmail } from '../email-models';
import { bodyText } from './body-text';

/**
 * What each template shows, from the models other modules hand to MailService. Every field a template
 * names is present (null when empty): the templates run in Handlebars' strict mode.
 */
export function entryView(email: EntryEmail) {
  return {
    feedName: feedName(email.feed),
    feedUrl: email.feed.siteUrl,
    title: entryTitle(email.entry),
    link: email.entry.link,
    byline: byline(email.entry),
    bodyHtml: email.entry.html,
    bodyText: bodyText(email.entry.html),
    notice: email.notice ?? null,
  };
}

/** An edited post: its new title, the old one when it changed, and the sentences that changed. */
export function entryUpdateView(email: EntryUpdateEmail) {
  const more = email.more === 1 ? '1 more sentence changed' : `${email.more} more sentences changed`;
  return {
    feedName: feedName(email.feed),
    feedUrl: email.feed.siteUrl,
    title: entryTitle(email.entry),
    link: email.entry.link,
    titleBefore: email.titleBefore,
    added: email.added,
    removed: email.removed,
    moreNote: email.more > 0 ? `${more}: the post on the site has them all.` : null,
  };
}

/** The entry's body replaced by a pointer to the site, for posts too long for one email. */
export function shortenedEntryView(email: EntryEmail) {
  const note = 'This post is too long for an email: read it on the site.';
  return { ...entryView(email), bodyHtml: `<p><em>${note}</em></p>`, bodyText: note };
}

/** `findFeedUrl`: the dashboard's discovery of a site's feeds, for a gone feed's new address. */
export function feedProblemView(email: FeedProblemEmail, findFeedUrl: (siteUrl: string) => string) {
  const name = feedName(email.feed);
  const isGone = email.problem === 'gone';
  return {
    subject: isGone ? `${name} is gone` : `${name} is failing`,
    headline: isGone ? `${name} is gone` : `${name} is failing`,
    explanation: isGone
      ? 'The feed has been removed by its site, so Tidings stopped checking it. If the site moved it, Tidings can look for its new feed on the site.'
      : 'Tidings could not read this feed for a while. It keeps trying and sends what it finds once the feed works again.',
    feedUrl: email.feed.url,
    detail: email.detail,
    findFeedUrl: isGone ? findFeedUrl(siteOfFeed(email.feed)) : null,
  };
}

export function feedName(feed: FeedForEmail): string {
  return oneLine(feed.title ?? '') || feed.url;
}

export function entryTitle(entry: Pick<EntryForEmail, 'title' | 'link'>): string {
  return oneLine(entry.title ?? '') || entry.link || 'New post';
}

/** A subject line: one line, at most 250 characters. */
export function subjectLine(text: string): string {
  return oneLine(text).slice(0, 250);
}

const DATE_FORMAT = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' });

export function byline(entry: EntryForEmail): string | null {
  const date = entry.published ? DATE_FORMAT.format(entry.published) : null;
  return [entry.author ? oneLine(entry.author) : null, date].filter(Boolean).join(' · ') || null;
}

export function excerpt(text: string, max: number): string | null {
  const flat = oneLine(text);
  if (!flat) return null;
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  return `${cut.slice(0, cut.lastIndexOf(' ') > max / 2 ? cut.lastIndexOf(' ') : max)}…`;
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
