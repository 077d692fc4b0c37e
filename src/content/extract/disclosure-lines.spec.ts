import { articleBody, expectLeftOut, extractText, prose } from '../../../test/support/article-pages';

describe('advertising disclosures', () => {
  it("leaves out disclosures at the article's head and tail, in several languages", () => {
    const text = extractText(`<body><article>
      <p><em>Anzeige, enthält Affiliate Links</em></p>
      <p>*Werbung. Dieser Beitrag enthält Werbung für eine Marke.</p>${articleBody()}
      <p>This post may contain affiliate links. If you buy through them, we earn a small commission.</p>
      <p>Publicidad | Este artículo incluye enlaces de afiliados.</p></article></body>`);
    expect(text).toContain('The fourth part of the post');
    expectLeftOut(text, ['Anzeige', 'Werbung für', 'affiliate links', 'Publicidad']);
  });

  it('leaves out a disclosure between paragraphs only when it cannot be a sentence', () => {
    const text = extractText(`<body><article>${prose('first')}${prose('second')}
      <div>Updated on 2 February / The links are affiliate links / Pictures from the shop's API</div>
      <p>Readers who buy through affiliate links support the site, the editor says.</p>
      ${prose('third')}${prose('fourth')}</article></body>`);
    expect(text).not.toContain('The links are affiliate links');
    expect(text).toContain('Readers who buy through affiliate links support the site, the editor says.');
  });

  it("keeps sentences about advertising, and the article's own last lines", () => {
    const text =
      extractText(`<body><article><p>Werbung nervt. Tracking nervt. Und mobil habe ich keine Zeit.</p>
      ${articleBody()}<p>The full report, with its tables and maps, is <a href="/report">on the council's site</a>.</p>
      <blockquote>“We will be back.”</blockquote></article></body>`);
    expect(text).toContain('Werbung nervt. Tracking nervt.');
    expect(text).toContain("The full report, with its tables and maps, is on the council's site.");
    expect(text).toContain('We will be back.');
  });
});
