const SENTENCES = new Intl.Segmenter('en', { granularity: 'sentence' });

/**
 * The opening of a text for a digest: whole sentences up to `max` characters, so that a reader never
 * meets a sentence cut in the middle (the "read more" link carries the rest). Only when the first
 * sentence alone is longer is it cut, at a word, with an ellipsis. Null for an empty text.
 */
export function sentenceExcerpt(text: string, max: number): string | null {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (!flat) return null;
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
