import type { DigestHeadline, DigestSection, EntryForEmail } from '../../mail/email-models';
import { escapeMarkup } from '../../common/escape-markup';
import { plainTextOf } from './plain-text';

/** More entries than this from one feed in one email are listed by their headlines alone. */
export const ENTRIES_PER_FEED = 10;
/** An entry longer than this (HTML characters) is shown as a plain-text excerpt instead. */
export const ENTRY_HTML_BUDGET = 6_000;
const EXCERPT_CHARACTERS = 600;
/** Past this much entry HTML in one digest, each feed shows only its newest entry with an excerpt. */
export const DIGEST_HTML_BUDGET = 250_000;

/**
 * Orders and trims a digest: feeds by name, entries newest first, at most ENTRIES_PER_FEED per feed
 * with an excerpt, long entries cut short, and the whole within DIGEST_HTML_BUDGET; what is trimmed is
 * listed by its headline. Feeds with nothing are left out.
 */
export function composeDigest(sections: readonly DigestSection[]): DigestSection[] {
  let budget = DIGEST_HTML_BUDGET;
  return sections
    .filter((section) => section.entries.length + section.headlines.length > 0)
    .sort((a, b) => feedName(a).localeCompare(feedName(b), 'en', { sensitivity: 'base' }))
    .map((section) => {
      const newestFirst = [...section.entries]
        .sort((a, b) => newerFirst(a.published, b.published))
        .map(withinEntryBudget);
      const shown = newestFirst.slice(0, ENTRIES_PER_FEED).filter((entry, index) => {
        budget -= entry.html.length;
        return index === 0 || budget >= 0;
      });
      const trimmed = newestFirst.filter((entry) => !shown.includes(entry)).map(headlineOf);
      const headlines = [...trimmed, ...section.headlines].sort((a, b) =>
        newerFirst(a.published, b.published),
      );
      return { ...section, entries: shown, headlines };
    });
}

/**
 * The entries a section shows with an excerpt, newest first, and the rest as headlines: lets the
 * caller render (and extract) only what is shown in full.
 */
export function newestForSection<
  T extends { publishedAt: Date | null; title: string | null; link: string | null },
>(entries: readonly T[]): { shown: T[]; headlines: DigestHeadline[] } {
  const newest = [...entries].sort((a, b) => newerFirst(a.publishedAt, b.publishedAt));
  return {
    shown: newest.slice(0, ENTRIES_PER_FEED),
    headlines: newest
      .slice(ENTRIES_PER_FEED)
      .map(({ title, link, publishedAt }) => ({ title, link, published: publishedAt })),
  };
}

function headlineOf({ title, link, published }: EntryForEmail): DigestHeadline {
  return { title, link, published };
}

function feedName(section: DigestSection): string {
  return section.feed.title ?? section.feed.url;
}

/** Newest first; undated entries last. */
function newerFirst(a: Date | null, b: Date | null): number {
  return (b?.getTime() ?? 0) - (a?.getTime() ?? 0);
}

function withinEntryBudget(entry: EntryForEmail): EntryForEmail {
  if (entry.html.length <= ENTRY_HTML_BUDGET) return entry;
  const text = plainTextOf(entry.html);
  const excerpt = text.length > EXCERPT_CHARACTERS ? `${text.slice(0, EXCERPT_CHARACTERS).trimEnd()}…` : text;
  return { ...entry, html: `<p>${escapeMarkup(excerpt)}</p>` };
}
