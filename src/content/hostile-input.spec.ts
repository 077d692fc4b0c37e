import { extractArticle } from './extract/extract-article';
import { htmlToText } from './text/html-to-text';
import { rewriteForEmail } from './rewrite/rewrite-for-email';
import { nestingProblems } from '../../test/support/nesting-problems';

const URL = 'http://site.example/post';
const DEPTH = 100_000;

describe('hostile input', () => {
  const deeplyNested = '<div>'.repeat(DEPTH) + 'deep text' + '</div>'.repeat(DEPTH);
  const unclosedDeep = '<span><b>'.repeat(DEPTH / 2) + 'unclosed';
  const megabytePage =
    '<html><body><div class="content">' +
    '<p>Paragraph text with commas, words, and more words to score well in extraction.</p>'.repeat(13_000) +
    '</div></body></html>';

  it('rewrites 100,000-deep nesting into well-nested output within the size budget', () => {
    for (const html of [deeplyNested, unclosedDeep]) {
      const output = rewriteForEmail(html, URL);
      expect(Buffer.byteLength(output)).toBeLessThanOrEqual(90_000);
      expect(nestingProblems(output)).toEqual([]);
    }
  });

  it('extracts and renders text from 100,000-deep nesting without blowing the stack', () => {
    expect(extractArticle(deeplyNested, URL).html).toBeDefined();
    expect(htmlToText(deeplyNested)).toBe('deep text');
  });

  it('extracts from an article with 300,000 sibling elements without blowing the stack', () => {
    const wide = `<body><article>${'<span>x</span>'.repeat(300_000)}<p>${'word, '.repeat(50)}</p><p>${'more, '.repeat(50)}</p></article></body>`;
    const article = extractArticle(wide, URL);
    expect(article.method).toBe('stream');
    expect(article.text).toContain('xxx');
  });

  it('handles a one-megabyte page, cutting the email at the budget', () => {
    expect(megabytePage.length).toBeGreaterThan(1_000_000);
    const article = extractArticle(megabytePage, URL);
    expect(article.method).toBe('stream');
    expect(Buffer.byteLength(article.html)).toBeLessThanOrEqual(90_000);
    expect(article.html).toContain('Continue reading');
    expect(nestingProblems(article.html)).toEqual([]);
  });

  it('does not let unclosed svg or comments swallow the budget or leak markup', () => {
    const output = rewriteForEmail('<p>kept</p><svg><p>inside svg' + '<g>'.repeat(1000), URL);
    expect(output).toBe('<p>kept</p>');
    expect(rewriteForEmail('<p>kept</p><!-- never closed <script>x</script>', URL)).toBe('<p>kept</p>');
  });
});
