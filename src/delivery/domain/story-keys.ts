import { sha256Hex } from '../../common/ids';
import { canonicalLink } from './canonical-link';
import { plainTextOf } from './plain-text';

/** How long a reader's memory of a story lasts: a second telling within it is not sent again. */
export const STORY_MEMORY_MS = 7 * 24 * 3600_000;

export interface StoryFields {
  link: string | null;
  title: string | null;
  summary: string | null;
  content: string | null;
}

/**
 * What makes two entries, from two feeds, the same story for a reader: the same canonical link (see
 * `canonicalLink`), or the same normalised title and the same normalised text. Each key is a SHA-256;
 * an entry with neither a usable link nor a title and text has none and is never a repeat.
 */
export function storyKeys(entry: StoryFields): string[] {
  const keys: string[] = [];
  const link = canonicalLink(entry.link);
  if (link) keys.push(sha256Hex(`link:${link}`));
  const title = normaliseText(entry.title ?? '');
  const body = normaliseText(plainTextOf(entry.content ?? entry.summary ?? ''));
  if (title && body) keys.push(sha256Hex(`text:${title}\n${sha256Hex(body)}`));
  return keys;
}

/** Case, accents' composition, punctuation and spacing do not tell two tellings apart. */
function normaliseText(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\p{P}\p{S}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Whether a story first told at `toldAt` is still remembered when another telling is seen at `seenAt`. */
export function isRemembered(toldAt: Date, seenAt: Date): boolean {
  return seenAt.getTime() - toldAt.getTime() < STORY_MEMORY_MS;
}
