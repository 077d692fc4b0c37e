import { pickFromSrcset, resolveSafeUrl } from './url-safety';

const BASE = 'https://site.example/a/b.html';

describe('resolveSafeUrl', () => {
  it.each([
    ['c.png', 'https://site.example/a/c.png'],
    ['//cdn.example/x', 'https://cdn.example/x'],
    ['#top', 'https://site.example/a/b.html#top'],
    ['mailto:x@y.example', 'mailto:x@y.example'],
  ])('resolves %s', (raw, expected) => expect(resolveSafeUrl(raw, BASE)).toBe(expected));

  it.each([
    'javascript:alert(1)',
    ' JAVASCRIPT:x',
    'jav\tascript:x',
    'java\nscript:x',
    'vbscript:x',
    'data:image/png;base64,AA',
    'file:///etc/passwd',
    '',
    'http://[bad',
  ])('rejects %j', (raw) => expect(resolveSafeUrl(raw, BASE)).toBeUndefined());
});

describe('pickFromSrcset', () => {
  it('picks the widest candidate up to 1200px, else the narrowest', () => {
    expect(pickFromSrcset('s.jpg 300w, m.jpg 900w, l.jpg 2000w', BASE)).toBe('https://site.example/a/m.jpg');
    expect(pickFromSrcset('l.jpg 2000w, xl.jpg 4000w', BASE)).toBe('https://site.example/a/l.jpg');
    expect(pickFromSrcset('a.jpg, b.jpg 2x', BASE)).toBe('https://site.example/a/b.jpg');
  });

  it('skips unsafe candidates', () => {
    expect(pickFromSrcset('javascript:x 100w, ok.jpg 200w', BASE)).toBe('https://site.example/a/ok.jpg');
  });
});
