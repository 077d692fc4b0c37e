import { htmlToText } from '../../content';

/** Characters of HTML and text kept at most (a few MB): hundreds of typical posts, a dozen of the longest. */
const KEPT_CHARACTERS = 2_000_000;

const converted = new Map<string, string>();
let keptCharacters = 0;

/**
 * The text part of a post's HTML body, converted once per body rather than once per email: one post goes
 * to every reader of its feed, and into each of their digests, as the same HTML (and a digest trimmed to
 * fit Gmail's clip is viewed several times over). The latest bodies converted are kept, oldest out first,
 * up to `KEPT_CHARACTERS`.
 */
export function bodyText(html: string): string {
  const known = converted.get(html);
  if (known !== undefined) return known;
  const text = htmlToText(html);
  const size = html.length + text.length;
  if (size > KEPT_CHARACTERS) return text;
  converted.set(html, text);
  keptCharacters += size;
  for (const [oldHtml, oldText] of converted) {
    if (keptCharacters <= KEPT_CHARACTERS) break;
    converted.delete(oldHtml);
    keptCharacters -= oldHtml.length + oldText.length;
  }
  return text;
}
