import { escapeMarkup } from '../../common/escape-markup';

export interface DemoPost {
  number: number;
  publishedAt: Date;
}

/** How many posts the demo feed lists: the newest ones. */
export const DEMO_FEED_LENGTH = 5;

/**
 * The demo feed's posts after one more reading: every reading publishes a post, so that each poll of the
 * README's walkthrough finds something new. Posts are numbered by the millisecond (not from 1 at each
 * start) so that a restarted service never publishes a number already seen.
 */
export function publishDemoPost(posts: readonly DemoPost[], now: Date): DemoPost[] {
  const number = Math.max(now.getTime(), (posts[0]?.number ?? 0) + 1);
  return [{ number, publishedAt: now }, ...posts].slice(0, DEMO_FEED_LENGTH);
}

/** The demo feed as RSS 2.0, with links into this service (`publicUrl`). */
export function demoFeedXml(posts: readonly DemoPost[], publicUrl: string): string {
  const site = publicUrl.replace(/\/?$/, '/');
  // Titles to the millisecond: RSS dates stop at the second, and a post with the title and date of one
  // already seen is that post (`dedupVerdict`), so two readings in one second would bring one post.
  const items = posts.map((post) => {
    const text =
      `Tidings published this post at ${post.publishedAt.toISOString()}, when the demo feed was read. ` +
      'Each reading publishes one more, so each poll brings something new. Use the unsubscribe link of ' +
      'this email to stop them.';
    return (
      `<item><title>Demo post of ${post.publishedAt.toISOString().slice(11, 23)} UTC</title><link>${escapeMarkup(`${site}demo?post=${post.number}`)}</link>` +
      `<guid isPermaLink="false">tidings-demo-${post.number}</guid><pubDate>${post.publishedAt.toUTCString()}</pubDate>` +
      `<description>${escapeMarkup(text)}</description></item>`
    );
  });
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0"><channel><title>Tidings demo</title>' +
    `<link>${escapeMarkup(site)}</link><description>A feed that has a new post each time it is read.</description>` +
    `${items.join('')}</channel></rss>\n`
  );
}

/** The demo's page: what the feed is, and the `<link rel="alternate">` that lets a subscriber find it. */
export function demoPageHtml(publicUrl: string): string {
  const feedUrl = escapeMarkup(`${publicUrl.replace(/\/?$/, '/')}demo/feed.xml`);
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Tidings demo</title>' +
    `<link rel="alternate" type="application/rss+xml" title="Tidings demo" href="${feedUrl}">` +
    '<link rel="stylesheet" href="/assets/app.css"></head><body><main><h1>Tidings demo</h1>' +
    `<p>The feed <a href="${feedUrl}">${feedUrl}</a> has a new post each time it is read: subscribe to it ` +
    'and every poll emails one more.</p></main></body></html>\n'
  );
}
