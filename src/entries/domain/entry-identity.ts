import { sha256Hex } from '../../common/ids';
import { NormalizedEntry } from './normalized-entry';

type IdentityFields = Pick<NormalizedEntry, 'id' | 'link' | 'title' | 'published'>;

/**
 * Each entry's identity within its feed, hashed to fit one indexed column: its ID; without one, its link;
 * without that, its title and date. Items sharing an ID in one document (a publisher's bug) are told apart
 * by their link, title and date, so that the same document gives the same identities on every poll.
 */
export function entryIdentityHashes(entries: readonly IdentityFields[]): string[] {
  const idCounts = new Map<string, number>();
  for (const entry of entries) {
    const id = entry.id?.trim();
    if (id) idCounts.set(id, (idCounts.get(id) ?? 0) + 1);
  }
  return entries.map((entry) => {
    const id = entry.id?.trim();
    if (id && idCounts.get(id) === 1) return sha256Hex(`id:${id}`);
    const titleDate = `title:${entry.title?.trim() ?? ''}|date:${entry.published?.toISOString() ?? ''}`;
    if (id) return sha256Hex(`id:${id}|link:${entry.link?.trim() ?? ''}|${titleDate}`);
    return sha256Hex(entry.link?.trim() ? `link:${entry.link.trim()}` : titleDate);
  });
}

/** Same title and same published date: the same post, whatever its ID says. Null without both. */
export function titleDateHash(entry: Pick<NormalizedEntry, 'title' | 'published'>): string | null {
  const title = entry.title?.trim().replace(/\s+/g, ' ');
  return title && entry.published ? sha256Hex(`${title}|${entry.published.toISOString()}`) : null;
}

/** Detects edits: any change in what a reader would see. */
export function entryContentHash(entry: NormalizedEntry): string {
  return sha256Hex(JSON.stringify([entry.title, entry.link, entry.summary, entry.content, entry.author]));
}
