import { canonicalLink } from './canonical-link';
import { plainTextOf } from './plain-text';

/** What a reader sees of a version of a post. */
export interface PostVersion {
  title: string | null;
  summary: string | null;
  content: string | null;
}

/** A change a reader would notice, put as briefly as the "Updated" email says it. */
export interface MaterialChange {
  /** The title before, when it changed. */
  titleBefore: string | null;
  /** Sentences the new version has and the old did not (changed ones included), in order. */
  added: string[];
  /** Sentences the old version had and the new does not. */
  removed: string[];
  /** Changed sentences beyond those listed. */
  more: number;
}

const SENTENCES = new Intl.Segmenter('en', { granularity: 'sentence' });
const MAX_ADDED = 5;
const MAX_REMOVED = 3;
const MAX_SENTENCE = 300;
/** A link written out in the text, without the punctuation that ends its sentence. */
const URL_IN_TEXT = /\bhttps?:\/\/[^\s<>"]*[^\s<>".,;:!?)\]]/g;

/**
 * Whether a post re-published under the same id changed materially, and how: its title or the
 * sentences of its text, compared once normalised (markup, entities, white space and Unicode forms, and
 * tracking parameters of links written in the text, do not count; dates are not compared at all). A text
 * no longer stored (retention dropped the old body) is not compared. Null when nothing material changed.
 */
export function materialChange(before: PostVersion, after: PostVersion): MaterialChange | null {
  const isTitleChanged = comparableTitle(before) !== comparableTitle(after);
  const hadText = before.content !== null || before.summary !== null;
  const [old, now] = [sentencesOf(before), sentencesOf(after)];
  const isTextChanged = hadText && old.join(' ') !== now.join(' ');
  if (!isTitleChanged && !isTextChanged) return null;
  const [oldSet, newSet] = [new Set(old), new Set(now)];
  const added = isTextChanged ? now.filter((sentence) => !oldSet.has(sentence)) : [];
  const removed = isTextChanged ? old.filter((sentence) => !newSet.has(sentence)) : [];
  return {
    titleBefore: isTitleChanged ? (before.title?.trim() ?? '') : null,
    added: added.slice(0, MAX_ADDED).map(shortened),
    removed: removed.slice(0, MAX_REMOVED).map(shortened),
    more: Math.max(0, added.length - MAX_ADDED) + Math.max(0, removed.length - MAX_REMOVED),
  };
}

function comparableTitle(version: PostVersion): string {
  return flat(version.title ?? '');
}

/** The text's sentences, normalised: what "the same text" means here. */
function sentencesOf(version: PostVersion): string[] {
  const text = flat(plainTextOf(version.content ?? version.summary ?? '')).replace(
    URL_IN_TEXT,
    (url) => canonicalLink(url) ?? url,
  );
  return [...SENTENCES.segment(text)].map(({ segment }) => segment.trim()).filter(Boolean);
}

function flat(text: string): string {
  return text.normalize('NFC').replace(/\s+/g, ' ').trim();
}

function shortened(sentence: string): string {
  return sentence.length <= MAX_SENTENCE ? sentence : `${sentence.slice(0, MAX_SENTENCE - 1).trimEnd()}…`;
}
