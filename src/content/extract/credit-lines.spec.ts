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

  it('leaves out a caption that credits its picture, whole, and keeps one that only describes it', () => {
    const text = extractText(`<body><article>${articleBody('first half')}
      <figure class="wp-caption"><img src="/quay.jpg" alt="The quay">
        <figcaption class="wp-caption-text"><p>Fishing boats moored at the old quay.</p>
        <p>Foto: Sascha Klahn</p></figcaption></figure>
      <figure><img src="/prize.jpg" alt=""><figcaption>The laureate in Oslo (REUTERS/Denis Balibouse)</figcaption></figure>
      <figure><img src="/net.jpg" alt=""><figcaption>Nets drying on the harbour wall at dawn.</figcaption></figure>
      <div class="wp-caption"><p class="wp-caption-text">Quelle: jorisvo / Fotolia.com</p></div>
      ${articleBody('second half')}</article></body>`);
    expectLeftOut(text, ['Sascha Klahn', 'Fishing boats moored', 'The laureate in Oslo', 'jorisvo']);
    expect(text).toContain('Nets drying on the harbour wall at dawn.');
  });

  it('leaves out a credited caption told by its place: after a picture, or in a figure, whatever its tag', () => {
    const text = extractText(`<body><article>${articleBody('first half')}
      <div><a href="/quay.jpg"><img src="/quay.jpg" alt=""></a>
        <div class="text-small">Boats at the old quay at dawn. | © Port Agency/Getty Images</div></div>
      <figure><img src="/net.jpg" alt=""><p>Nets on the harbour wall. Foto: Sascha Klahn</p></figure>
      <p>The harbour master answered every question. (Foto: Port Agency)</p>
      ${articleBody('second half')}</article></body>`);
    expectLeftOut(text, ['Boats at the old quay', 'Nets on the harbour wall']);
    expect(text).toContain('The harbour master answered every question.');
  });

  it('leaves out captions labelled as figures, and keeps prose that names a figure', () => {
    const text = extractText(`<body><article>${articleBody('first half')}
      <p>Abbildung 4: Die grösste Lawine dieser Woche, am Nordhang ausgelöst.</p>
      <p>Figure 2: Changing the font size of the axis titles.</p>
      <p>As figure 2 shows, the font size of the axis titles changes with the theme.</p>
      ${articleBody('second half')}</article></body>`);
    expectLeftOut(text, ['Abbildung 4', 'Figure 2:']);
    expect(text).toContain('As figure 2 shows');
  });
});
