import { containsKeyword, matchesKeywords } from './keyword-match';

describe('containsKeyword', () => {
  it.each([
    ['Rust 2026 released', 'rust', true],
    ['TRUSTED sources', 'rust', false],
    ['An intro to Type  Theory', 'type theory', true],
    ['typed theory', 'type theory', false],
    ['C++ is back', 'c++', true],
    ['café culture', 'CAFÉ', true],
    ['node.js 24', 'node.js', true],
    ['nodexjs', 'node.js', false],
    ['anything', '   ', false],
  ])('%s contains %s: %s', (text, keyword, expected) => {
    expect(containsKeyword(text, keyword)).toBe(expected);
  });
});

describe('matchesKeywords', () => {
  const text = 'Announcing WebAssembly GC\nThe garbage collector lands in browsers.';

  it('passes everything without keywords', () => {
    expect(matchesKeywords(text, null, null)).toBe(true);
    expect(matchesKeywords(text, [], [])).toBe(true);
  });

  it('needs one include keyword, in the title or the text', () => {
    expect(matchesKeywords(text, ['rust', 'webassembly'], null)).toBe(true);
    expect(matchesKeywords(text, ['garbage collector'], null)).toBe(true);
    expect(matchesKeywords(text, ['rust'], null)).toBe(false);
  });

  it('drops an entry with any exclude keyword, even when an include keyword matches', () => {
    expect(matchesKeywords(text, ['webassembly'], ['browsers'])).toBe(false);
    expect(matchesKeywords(text, null, ['sponsored'])).toBe(true);
  });
});
