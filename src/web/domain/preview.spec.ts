import { httpLinkOrNull, previewText } from './preview';

describe('previewText', () => {
  it('keeps the words and drops the markup', () => {
    expect(previewText('<p>Hello <b>world</b> &amp; friends</p><script>alert(1)</script>')).toBe(
      'Hello world & friends',
    );
  });

  it('joins inline markup without stray spaces and separates blocks', () => {
    expect(previewText('<p>It is <em>kind</em>.</p><p>Next<br>line</p>')).toBe('It is kind. Next line');
  });

  it('leaves entities that spell tags as text (they are escaped again on the page)', () => {
    expect(previewText('&lt;img src=x onerror=alert(1)&gt;')).toBe('<img src=x onerror=alert(1)>');
  });

  it('cuts long text and copes with nothing', () => {
    expect(previewText('word '.repeat(500), 20)).toHaveLength(20);
    expect(previewText(null)).toBe('');
  });
});

describe('httpLinkOrNull', () => {
  it('keeps http(s) links only', () => {
    expect(httpLinkOrNull('https://blog.example/a?b=1')).toBe('https://blog.example/a?b=1');
    for (const link of ['javascript:alert(1)', 'data:text/html,x', '/relative', '', null])
      expect(httpLinkOrNull(link)).toBeNull();
  });
});
