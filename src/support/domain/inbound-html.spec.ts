import { sanitizedHtml } from './inbound-html';

describe('sanitizedHtml', () => {
  it.each([
    '<script>alert(1)</script>',
    '<img src=x onerror="alert(1)">',
    '<a href="javascript:alert(1)">x</a>',
    '</pre><script>alert(1)</script>',
  ])('leaves no live markup in %j', (html) => {
    const shown = sanitizedHtml(html);
    expect(shown.replace(/^<pre>|<\/pre>$/g, '')).not.toMatch(/[<>"]/);
  });
});
