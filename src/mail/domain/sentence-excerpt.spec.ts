import { sentenceExcerpt } from './sentence-excerpt';

describe('sentenceExcerpt', () => {
  it('keeps a short text whole, on one line', () => {
    expect(sentenceExcerpt('  One line.\n\nAnd another.  ', 100)).toBe('One line. And another.');
    expect(sentenceExcerpt(' \n ', 100)).toBeNull();
  });

  it('stops at the last whole sentence that fits, never inside one', () => {
    const text =
      'First sentence here. Second one is a bit longer! Third? Fourth sentence goes past the limit.';
    expect(sentenceExcerpt(text, 60)).toBe('First sentence here. Second one is a bit longer! Third?');
    expect(sentenceExcerpt(text, 30)).toBe('First sentence here.');
    expect(sentenceExcerpt('Dr. Smith arrived at 3 p.m. today. She left.', 38)).toBe(
      'Dr. Smith arrived at 3 p.m. today.',
    );
  });

  it('cuts a first sentence longer than the limit at a word, with an ellipsis', () => {
    expect(sentenceExcerpt(`${'word '.repeat(40)}end.`, 42)).toBe('word word word word word word word word…');
    expect(sentenceExcerpt('x'.repeat(100), 10)).toBe(`${'x'.repeat(10)}…`);
  });

  it('reads a long text as the same opening, however much follows and however spaced', () => {
    const opening = 'First sentence here. Second one is a bit longer! Third? Fourth sentence goes past.';
    const spaced = `  ${opening.replace(/ /g, '\n\n   ')}`;
    for (const rest of ['', ' More.'.repeat(5), ' More words follow.'.repeat(5000)]) {
      expect(sentenceExcerpt(`${opening}${rest}`, 60)).toBe(
        'First sentence here. Second one is a bit longer! Third?',
      );
      expect(sentenceExcerpt(`${spaced}${rest}`, 60)).toBe(
        'First sentence here. Second one is a bit longer! Third?',
      );
    }
    // Whitespace longer than the opening read at first: read further until there is text.
    expect(sentenceExcerpt(`${' '.repeat(1000)}Late start.`, 60)).toBe('Late start.');
    expect(sentenceExcerpt(`${' '.repeat(1000)}${'word '.repeat(40)}`, 42)).toBe(
      'word word word word word word word word…',
    );
  });
});
