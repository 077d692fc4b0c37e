import { articleText, htmlToText } from './html-to-text';

describe('htmlToText', () => {
  it('separates paragraphs and headings by one blank line and collapses whitespace', () => {
    expect(htmlToText('<h1>Title</h1>\n<p>One   two\n three</p><p></p><p></p><p>Four</p>')).toBe(
      'Title\n\nOne two three\n\nFour',
    );
  });

  it('renders bullet and numbered lists, nested ones indented', () => {
    expect(htmlToText('<ul><li>a</li><li>b<ol><li>c</li><li>d</li></ol></li></ul>')).toBe(
      '- a\n- b\n  1. c\n  2. d',
    );
  });

  it('quotes blockquotes line by line', () => {
    expect(htmlToText('<p>Said:</p><blockquote><p>first</p><p>second</p></blockquote>')).toBe(
      'Said:\n\n> first\n>\n> second',
    );
  });

  it('reads a data table as rows, one per line, cells apart; a layout table as its blocks', () => {
    expect(
      htmlToText(
        '<table><tr><th>Plan</th><th>Price</th></tr><tr><td>Small</td><td><b>5</b> EUR</td></tr></table><p>After</p>',
      ),
    ).toBe('Plan | Price\nSmall | 5 EUR\n\nAfter');
    expect(
      htmlToText('<table><tr><td><p>Left column.</p></td><td><p>Right column.</p></td></tr></table>'),
    ).toBe('Left column.\n\nRight column.');
  });

  it('keeps preformatted text verbatim', () => {
    expect(htmlToText('<pre>  indented\n    more  </pre>')).toBe('indented\n    more'.replace(/^/, '  '));
  });

  it('writes links as text (URL), or the URL alone when it is the text', () => {
    expect(
      htmlToText(
        '<p>See <a href="https://a.example/x">the docs</a> or <a href="https://a.example/">https://a.example/</a>.</p>',
      ),
    ).toBe('See the docs (https://a.example/x) or https://a.example/.');
    expect(htmlToText('<a href="mailto:me@a.example">me@a.example</a>')).toBe('me@a.example');
  });

  it("leaves link addresses and quote marks out of an article's own text", () => {
    const html =
      '<p>See <a href="https://a.example/x">the docs</a> first.</p><blockquote><p>first</p><p>second</p></blockquote>';
    expect(htmlToText(html, { linkAddresses: false, quoteMarks: false })).toBe(
      'See the docs first.\n\nfirst\n\nsecond',
    );
  });

  it('shows image alt text in brackets, decodes entities, drops scripts and trailing spaces', () => {
    expect(
      htmlToText('<p><img alt="A cat"> &amp; &eacute;t&eacute; &nbsp;</p><script>x()</script><br>  '),
    ).toBe('[A cat] & été');
  });

  it('writes letters composed, as they are typed, when the page decomposes them', () => {
    const decomposed = 'Babyschalen gepru\u0308ft, Gurtla\u0308nge';
    expect(htmlToText(`<p>${decomposed}</p>`)).toBe('Babyschalen geprüft, Gurtlänge');
  });

  it("leaves the readings printed over words (ruby) out of an article's own text, not out of an email's", () => {
    const html =
      '<p><ruby>子<rp>(</rp><rt>こ</rt><rp>)</rp></ruby>どもの<ruby>法律<rt>ほうりつ</rt></ruby>ができて</p>';
    expect(articleText(html)).toBe('子どもの法律ができて');
    expect(htmlToText(html)).toBe('子(こ)どもの法律ほうりつができて');
  });

  it("leaves pictures' alt texts out of an article's own text, not out of an email's", () => {
    const html =
      '<p>The quay at dawn.</p><figure><img src="/quay.jpg" alt="Boats moored at the quay"></figure>';
    expect(articleText(html)).toBe('The quay at dawn.');
    expect(htmlToText(html)).toBe('The quay at dawn.\n\n[Boats moored at the quay]');
  });

  it('breaks lines at br and block elements', () => {
    expect(htmlToText('<div>one<br>two</div><div>three</div>')).toBe('one\ntwo\nthree');
  });
});

describe('htmlToText and hidden elements', () => {
  it('leaves out what a reader of the HTML cannot see', () => {
    const html =
      '<div style="color:red; display: none">preview</div><p hidden>gone</p><span aria-hidden="true">x</span>' +
      '<img style="display:none" alt="pixel"><p>Shown</p>';
    expect(htmlToText(html).trim()).toBe('Shown');
  });
});
