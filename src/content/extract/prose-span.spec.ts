import { scanPage } from './scan-page';
import {
  isBeforeFirstParagraphEnds,
  isBetweenParagraphs,
  isOutsideParagraphs,
  proseSpan,
} from './prose-span';

const paragraph = (word: string) => `<p>${`${word} `.repeat(30)}</p>`;

function spanOf(html: string) {
  const { root } = scanPage(html, { judgeByNames: true });
  return {
    prose: proseSpan([root]),
    at: (text: string) => ({ start: html.indexOf(text), end: html.indexOf(text) + text.length }),
  };
}

describe("the span of an article's prose", () => {
  it('runs from its first paragraph of prose to its last, and tells head, middle and tail apart', () => {
    const page = `<body><h1>Title</h1>${paragraph('one')}<p>Short line</p>${paragraph('two')}<p>Tail</p></body>`;
    const { prose, at } = spanOf(page);
    const [head, middle, tail] = [at('<h1>Title</h1>'), at('<p>Short line</p>'), at('<p>Tail</p>')];
    expect([head, middle, tail].map((line) => isBetweenParagraphs(prose, line))).toEqual([
      false,
      true,
      false,
    ]);
    expect([head, middle, tail].map((line) => isOutsideParagraphs(prose, line))).toEqual([true, false, true]);
    expect([head, middle, tail].map((line) => isBeforeFirstParagraphEnds(prose, line))).toEqual([
      true,
      false,
      false,
    ]);
  });

  it('counts a line that touches a paragraph, with no white space between, as between them', () => {
    const page = `<body>${paragraph('one')}<p>Touching</p>${paragraph('two')}</body>`;
    const { prose, at } = spanOf(page);
    expect(isBetweenParagraphs(prose, at('<p>Touching</p>'))).toBe(true);
  });

  it('is none with fewer than two paragraphs of prose, or with link-heavy ones: all is head', () => {
    const linked = `<p>${`<a href="/x">link</a> `.repeat(30)}</p>`;
    for (const page of [`<body>${paragraph('one')}<p>Line</p></body>`, `<body>${linked}${linked}</body>`]) {
      const { prose, at } = spanOf(page);
      expect(prose).toBeNull();
      expect(isBetweenParagraphs(prose, at('<p>'))).toBe(false);
      expect(isBeforeFirstParagraphEnds(prose, at('<p>'))).toBe(true);
    }
  });
});
