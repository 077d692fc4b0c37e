import { articleBody, expectLeftOut, extractText } from '../../../test/support/article-pages';

describe('credit lines that name the pictures first', () => {
  it('leaves out "Crédits photos :" and "Créditos de fotos:" lines, and keeps prose about credits', () => {
    const text = extractText(`<body><article>${articleBody()}
      <p>Crédits photos : Agence du Port</p><p>Créditos de fotos: Archivo del Puerto</p>
      <p>Crédits photos et textes ont été rassemblés par les habitants du port pendant dix ans, puis exposés.</p>
      </article></body>`);
    expectLeftOut(text, ['Agence du Port', 'Archivo del Puerto']);
    expect(text).toContain('Crédits photos et textes ont été rassemblés');
  });

  it('leaves out a credit line inside a caption, and keeps the caption that describes the picture', () => {
    const text = extractText(`<body><article>${articleBody()}
      <figure class="wp-caption"><img src="/quay.jpg" alt="The quay">
        <figcaption class="wp-caption-text"><p>Fishing boats moored at the old quay.</p>
        <p>Foto: Sascha Klahn</p></figcaption></figure>
      <div class="wp-caption"><p class="wp-caption-text">Quelle: jorisvo / Fotolia.com</p></div>
      </article></body>`);
    expectLeftOut(text, ['Sascha Klahn', 'jorisvo']);
    expect(text).toContain('Fishing boats moored at the old quay.');
  });
});
