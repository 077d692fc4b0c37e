import { sanitizedHtml } from './inbound-html';

describe('sanitizedHtml', () => {
  it.each([
    '<script>alert(1)</script>',
    '<img src=x onerror="alert(1)">',
    '<a href="javascript:alert(1)">x</a>',
    '<a href="jav&#x09;ascript:alert(1)">x</a>',
    '<svg><script>alert(1)</script></svg>',
    '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
    '<p style="background:url(javascript:alert(1))" onclick="alert(1)">x</p>',
    '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
    '<form action="https://evil.example"><input name=password></form>',
    '</p><base href="javascript:alert(1)//">',
  ])('leaves no live markup in %j', (html) => {
    const shown = sanitizedHtml(html);
    expect(shown).not.toMatch(/<(script|iframe|svg|math|style|form|input|base)\b/i);
    expect(shown).not.toMatch(/\son[a-z]+\s*=|javascript:|srcdoc/i);
  });

  it('keeps an email’s readable markup and absolute links, without a base URL to resolve against', () => {
    const shown = sanitizedHtml(
      '<p>Hello <b>there</b>, see <a href="https://example.org/a">this</a> and <a href="/relative">that</a>.</p>',
    );
    expect(shown).toContain('<b>there</b>');
    expect(shown).toContain('href="https://example.org/a"');
    expect(shown).not.toContain('/relative');
    expect(shown).not.toMatch(/Continue reading/);
  });

  it('shows a long message whole', () => {
    const long = `<p>${'word '.repeat(40_000)}</p><p>the end</p>`;
    expect(sanitizedHtml(long)).toContain('the end');
  });
});
