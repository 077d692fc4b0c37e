import type { DigestEmail, DigestHeadline, DigestSection } from '../email-models';
import { bodyText } from './body-text';
import { byline, entryTitle, feedName } from './email-views';
import { sentenceExcerpt } from './sentence-excerpt';

/** A digest with more entries than this opens with a table of contents. */
export const TABLE_OF_CONTENTS_AFTER = 5;
/** Whole sentences up to this many characters per entry; "read more" leads to the rest. */
const EXCERPT_CHARACTERS = 280;

/**
 * What a digest shows: a summary, a table of contents with each feed's count (anchors for clients that
 * follow them; the text part is a plain list), and per feed its newest posts with an excerpt (title,
 * byline, whole sentences, "read more", "also in" the reader's other feeds that carried the story), its
 * other posts as linked headlines, and only what even headlines cannot fit as "and N more" on the feed's
 * site.
 *
 * `trim` (0 … `trimSteps(email)`) makes it smaller one post at a time, a round at a time (every feed's
 * last, then the one before…) so that the longest feeds shorten first: first excerpts become headlines,
 * then headlines become "and N more". The composer takes the fullest that fits Gmail's clip.
 */
export function digestView(
  email: DigestEmail,
  unsubscribeUrl: (subscriptionIds: string[]) => string,
  trim = 0,
) {
  const posts = email.sections.map((section) => [...section.entries, ...section.headlines]);
  const excerpted = total(email.sections.map((section) => section.entries.length));
  const postTotal = total(posts.map((list) => list.length));
  const withExcerpt = shownPerSection(
    email.sections.map((section) => section.entries.length),
    excerpted - trim,
  );
  const withTitle = shownPerSection(
    posts.map((list) => list.length),
    postTotal - Math.max(0, trim - excerpted),
  );
  const sections = email.sections.map((section, index) =>
    sectionView(section, index, { excerpts: withExcerpt[index], listed: withTitle[index] }, unsubscribeUrl),
  );
  const feeds = email.sections.length;
  return {
    title: email.title,
    summary: `${postCount(postTotal)} from ${feeds} ${feeds === 1 ? 'feed' : 'feeds'}`,
    contents: postTotal > TABLE_OF_CONTENTS_AFTER ? tableOfContents(sections) : null,
    sections,
    notice: email.notice ?? null,
  };
}

/** How many steps a digest's trimming can take: every excerpt, then every headline. */
export function trimSteps(email: DigestEmail): number {
  return total(email.sections.map((section) => 2 * section.entries.length + section.headlines.length));
}

function sectionView(
  section: DigestSection,
  index: number,
  shown: { excerpts: number; listed: number },
  unsubscribeUrl: (subscriptionIds: string[]) => string,
) {
  const name = feedName(section.feed);
  const posts: DigestHeadline[] = [...section.entries, ...section.headlines];
  const more = posts.length - shown.listed;
  return {
    anchor: `feed-${index + 1}`,
    feedName: name,
    feedUrl: section.feed.siteUrl,
    countText: postCount(posts.length),
    unsubscribeUrl: unsubscribeUrl([section.subscriptionId]),
    moreText: more > 0 ? moreText(more, name, section.feed.siteUrl) : null,
    moreUrl: more > 0 ? section.feed.siteUrl : null,
    entries: section.entries.slice(0, shown.excerpts).map((entry, position) => ({
      anchor: `feed-${index + 1}-${position + 1}`,
      title: entryTitle(entry),
      link: entry.link,
      byline: byline(entry),
      excerpt: sentenceExcerpt(bodyText(entry.html), EXCERPT_CHARACTERS),
      alsoIn: entry.alsoIn?.length ? `Also in ${entry.alsoIn.map(feedName).join(', ')}` : null,
    })),
    headlines: posts
      .slice(shown.excerpts, shown.listed)
      .map((post) => ({ title: entryTitle(post), link: post.link })),
  };
}

/**
 * The feeds with their counts; a digest of one feed lists its entries instead (a burst, a busy feed).
 * Posts listed by headline are right there below and have no anchor of their own.
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

/** `shown` places dealt a round at a time over sections of these sizes: the longest keep the most. */
function shownPerSection(sizes: readonly number[], shown: number): number[] {
  const keep = sizes.map(() => 0);
  let left = shown;
  for (let round = 0; left > 0; round += 1) {
    let placed = false;
    sizes.forEach((size, index) => {
      if (left > 0 && size > round) {
        keep[index] += 1;
        left -= 1;
        placed = true;
      }
    });
    if (!placed) break;
  }
  return keep;
}

function total(counts: readonly number[]): number {
  return counts.reduce((sum, count) => sum + count, 0);
}

function postCount(count: number): string {
  return `${count} new ${count === 1 ? 'post' : 'posts'}`;
}

function moreText(count: number, name: string, siteUrl: string | null): string {
  return siteUrl ? `and ${count} more on ${name}’s site` : `and ${count} more from ${name}`;
}
