import { createHash } from 'node:crypto';
import { NormalizedEntry } from './normalized-entry';

/**
 * An entry's identity within its feed: its ID; without one, its link; without that, its title and date.
 * Hashed so that identities of any length fit one indexed column.
 */
export function entryIdentityHash(
  entry: Pick<NormalizedEntry, 'id' | 'link' | 'title' | 'published'>,
): string {
  const identity = entry.id?.trim()
    ? `id:${entry.id.trim()}`
    : entry.link?.trim()
      ? `link:${entry.link.trim()}`
      : `title:${entry.title?.trim() ?? ''}|date:${entry.published?.toISOString() ?? ''}`;
  return createHash('sha256').update(identity).digest('hex');
}

/** Detects edits: any change in what a reader would see. */
export function entryContentHash(entry: NormalizedEntry): string {
  return createHash('sha256')
    .update(JSON.stringify([entry.title, entry.link, entry.summary, entry.content, entry.author]))
    .digest('hex');
}
