import { extractArticle } from '../../src/content/extract/extract-article';

/** A paragraph that reads like an article's prose, long enough to be scored as such. */
export const prose = (topic: string, of = 'post') =>
  `<p>The ${topic} part of the ${of} goes on, with details, quotes, and numbers that matter to readers; ` +
  `it keeps going for a while so that it reads like real prose, not like navigation or a widget.</p>`;

/** Four such paragraphs: an article body for the extractor to find. */
export const articleBody = (of = 'post') =>
  ['first', 'second', 'third', 'fourth'].map((topic) => prose(topic, of)).join('');

/** The article's text, however confident the extractor is of its pick. */
export const extractText = (html: string, url = 'https://blog.example/2026/11/post.html') =>
  extractArticle(html, url, { minConfidence: 0 }).text;

/** None of these phrases is in the text. */
export function expectLeftOut(text: string, phrases: readonly string[]): void {
  for (const phrase of phrases) expect(text).not.toContain(phrase);
}
