import { htmlToText } from '../../content';
import type { DigestEmail, DigestSection } from '../email-models';
import { byline, entryTitle, feedName } from './email-views';
import { sentenceExcerpt } from './sentence-excerpt';

/** A digest with more entries than this opens with a table of contents. */
export const TABLE_OF_CONTENTS_AFTER = 5;
/** Whole sentences up to this many characters per entry; "read more" leads to the rest. */
const EXCERPT_CHARACTERS = 280;

/**
 * What a digest shows: a summary, a table of contents with each feed's count (anchors for clients that
 * follow them; the text part is a plain list), and per feed its entries (title, byline, an excerpt of
 * whole sentences, "read more", "also in" the reader's other feeds that carried the story) and what
 * is left out as "and N more" on the feed's site. `shown` limits how many entries are shown in all,
 * taken a round at a time (every feed's first, then every feed's second…) so that trimming a digest
 * to fit Gmail's clip shortens the longest feeds first.
 */
export function digestView(
  email: DigestEmail,
  unsubscribeUrl: (subscriptionIds: string[]) => string,
  shown = Infinity,
) {
  const counts = email.sections.map((section) => section.entries.length + section.moreCount);
  const total = counts.reduce((sum, count) => sum + count, 0);
  const feeds = email.sections.length;
  const keep = shownPerSection(email.sections, shown);
  const sections = email.sections.map((section, index) => {
    const name = feedName(section.feed);
    const entries = section.entries.slice(0, keep[index]);
    const more = counts[index] - entries.length;
    return {
      anchor: `feed-${index + 1}`,
      feedName: name,
      feedUrl: section.feed.siteUrl,
      countText: postCount(counts[index]),
      unsubscribeUrl: unsubscribeUrl([section.subscriptionId]),
      moreText: more > 0 ? moreText(more, name, section.feed.siteUrl) : null,
      moreUrl: more > 0 ? section.feed.siteUrl : null,
      entries: entries.map((entry, position) => ({
        anchor: `feed-${index + 1}-${position + 1}`,
        title: entryTitle(entry),
        link: entry.link,
        byline: byline(entry),
        excerpt: sentenceExcerpt(htmlToText(entry.html), EXCERPT_CHARACTERS),
        alsoIn: entry.alsoIn?.length ? `Also in ${entry.alsoIn.map(feedName).join(', ')}` : null,
      })),
    };
  });
  return {
    title: email.title,
    summary: `${postCount(total)} from ${feeds} ${feeds === 1 ? 'feed' : 'feeds'}`,
    contents: total > TABLE_OF_CONTENTS_AFTER ? tableOfContents(sections) : null,
    sections,
  };
}

/** How many entries a digest shows at most (the number of steps its trimming can take). */
export function shownEntryCount(email: DigestEmail): number {
  return email.sections.reduce((sum, section) => sum + section.entries.length, 0);
}

/**
 * The feeds with their counts; a digest of one feed lists its entries instead (a burst, a busy feed).
 * Entries moved to "and N more" have no anchor to go to and are not listed.
 */
function tableOfContents(
  sections: ReadonlyArray<{
    anchor: string;
    feedName: string;
    countText: string;
    entries: ReadonlyArray<{ anchor: string; title: string }>;
  }>,
) {
  if (sections.length === 1)
    return sections[0].entries.map((entry) => ({ anchor: entry.anchor, label: entry.title, count: null }));
  return sections.map((section) => ({
    anchor: section.anchor,
    label: section.feedName,
    count: section.countText,
  }));
}

function shownPerSection(sections: readonly DigestSection[], shown: number): number[] {
  const keep = sections.map(() => 0);
  let left = shown;
  for (let round = 0; left > 0; round += 1) {
    let placed = false;
    sections.forEach((section, index) => {
      if (left > 0 && section.entries.length > round) {
        keep[index] += 1;
        left -= 1;
        placed = true;
      }
    });
    if (!placed) break;
  }
  return keep;
}

function postCount(count: number): string {
  return `${count} new ${count === 1 ? 'post' : 'posts'}`;
}

function moreText(count: number, name: string, siteUrl: string | null): string {
  return siteUrl ? `and ${count} more on ${name}’s site` : `and ${count} more from ${name}`;
}
