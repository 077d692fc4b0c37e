const SENTENCES = new Intl.Segmenter('en', { granularity: 'sentence' });

/**
 * The opening of a text for a digest: whole sentences up to `max` characters, so that a reader never
 * meets a sentence cut in the middle (the "read more" link carries the rest). Only when the first
 * sentence alone is longer is it cut, at a word, with an ellipsis. Null for an empty text.
 */
export function sentenceExcerpt(text: string, max: number): string | null {
  const flat = openingOnOneLine(text, max * 2);
  if (!flat) return null;
  // An opening read from part of the text is longer than `max * 2`: one this short is the whole text.
  if (flat.length <= max) return flat;
  let excerpt = '';
  for (const { segment } of SENTENCES.segment(flat.slice(0, max * 2))) {
    if ((excerpt + segment).trimEnd().length > max) break;
    excerpt += segment;
  }
  if (excerpt.trim()) return excerpt.trim();
  const cut = flat.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:–—-]+$/, '')}…`;
}

/**
 * The text on one line, trimmed, as far as more than `length` of its characters (all of it when shorter):
 * a long post's opening without flattening the whole post, once per reader's digest (56 KB took 0.5 ms).
 * Collapsing spaces only shortens a text, so a prefix read on one line begins as the whole text does.
 */
function openingOnOneLine(text: string, length: number): string {
  for (let end = length * 2; ; end *= 2) {
    const flat = text.slice(0, end).replace(/\s+/g, ' ').trim();
    if (end >= text.length || flat.length > length) return flat;
  }
}
