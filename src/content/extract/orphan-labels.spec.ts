import { expectLeftOut, extractText, prose } from '../../../test/support/article-pages';

describe('labels left alone in their block', () => {
  it('leaves out a label whose block kept nothing else: a table of contents, a related box, a tag list', () => {
    const text = extractText(`<body><article>${prose('first')}
      <div class="toc"><p class="toc-title">Inhaltsverzeichnis</p>
        <nav><ul><li><a href="#a">Der erste Teil</a></li><li><a href="#b">Der zweite Teil</a></li></ul></nav></div>
      ${prose('second')}
      <div class="box"><p>Kommentierte Artikel</p><div class="sidebar"><p><a href="/a">Ferries run late again</a></p></div></div>
      ${prose('third')}${prose('fourth')}
      <div class="themes"><p>Temas</p><ul class="tags"><li><a href="/t/a">paritarias</a></li></ul></div>
      </article></body>`);
    expect(text).toContain('The fourth part of the post');
    expectLeftOut(text, [
      'Inhaltsverzeichnis',
      'Der erste Teil',
      'Related Coverage',
      'Ferries',
      'Temas',
      'paritarias',
    ]);
  });

  it("keeps a post's last short line before a removed widget, and labels over what stays", () => {
    const text = extractText(`<body><article>${prose('first')}${prose('second')}
      <div class="recipe"><p>Zutaten für den Teig</p><ul><li>200 g Mehl, gesiebt</li><li>100 g Butter, kalt</li></ul></div>
      ${prose('third')}${prose('fourth')}<p>Euer Hans</p>
      <div><a href="/share/fb">Facebook</a> <a href="/share/tw">Twitter</a></div></article></body>`);
    expect(text).toContain('Zutaten für den Teig');
    expect(text).toContain('200 g Mehl');
    expect(text).toContain('Euer Hans');
  });
});
