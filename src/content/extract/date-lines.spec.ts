import { articleBody, expectLeftOut, extractText, prose } from '../../../test/support/article-pages';

describe('lines that only date the article', () => {
  it('leaves out date lines wherever they sit, with or without a publishing label', () => {
    const text = extractText(`<body><article><p>23.10.2018</p>${prose('first')}
      <div class="meta"><time>Publiziert: 03.04.2020, 12:35</time></div>${prose('second')}
      <p><b>Aktualisiert am</b> 17.01.2021.</p>${prose('third')}
      <div><span>asked Feb 6, 2014 at 20:37</span></div><p>Veröffentlichung: 2. Februar 2022</p>
      <p><span class="label">Release Date:</span></p><div>Thursday, 28 April 2022 – 3:55pm</div>
      <section>
        <time>15. Mai 2019, 05:28 Uhr</time>
        <h2>Die Bahn im Takt</h2>
      </section>
      <div><span><b>Ultima modifica</b> 19 Febbraio 2020 <i>12:02</i></span></div>
      ${prose('fourth')}</article></body>`);
    expect(text).toContain('The fourth part of the post');
    expect(text).toContain('Die Bahn im Takt');
    expectLeftOut(text, [
      '23.10.2018',
      '03.04.2020',
      'Aktualisiert',
      'Feb 6, 2014',
      'Februar 2022',
      'Release Date',
      'April 2022',
      '05:28',
      'Ultima modifica',
    ]);
  });

  it('keeps sentences, references and tables that hold dates', () => {
    const text = extractText(`<body><article>${articleBody()}
      <p>Am 23.10.2018 um 12:35 öffnete der Hafen.</p>
      <p>Published on 3 May 2020 by the harbour office.</p><p>Am <time>3. Mai 2020</time> kam er mit dem ersten Schiff des Jahres im Hafen an.</p>
      <p>The dates that matter:</p>
      <ol><li>"Harbour history". Harbour News. Retrieved <span>2016-05-01</span>.</li></ol>
      <table><tr><td>Version 4.2.3, the first patch</td></tr><tr><td>April 3</td></tr></table>
      <pre>2020-08-01 18:00</pre>${prose('last')}</article></body>`);
    expect(text).toContain('Am 23.10.2018 um 12:35 öffnete der Hafen.');
    expect(text).toContain('Published on 3 May 2020 by the harbour office.');
    expect(text).toContain('Am 3. Mai 2020 kam er mit dem ersten Schiff des Jahres im Hafen an.');
    expect(text).toContain('The dates that matter:');
    expect(text).toContain('Retrieved 2016-05-01');
    expect(text).toContain('April 3');
    expect(text).toContain('2020-08-01 18:00');
  });

  it('keeps a short sentence whole around the time element it holds', () => {
    const text = extractText(`<body><article>${prose('first')}<p>Am <time>3. Mai 2020</time> kam er an.</p>
      ${prose('second')}</article></body>`);
    expect(text).toContain('Am 3. Mai 2020 kam er an.');
  });

  it("keeps dates that title a diary's days or a live blog's updates between the article's paragraphs", () => {
    const text = extractText(`<body><article><p>23.10.2018</p>${prose('first')}
      <h3>Dienstag, 24. Oktober</h3>${prose('second')}<h2>14:32</h2>${prose('third')}</article></body>`);
    expect(text).toContain('Dienstag, 24. Oktober');
    expect(text).toContain('14:32');
    expectLeftOut(text, ['23.10.2018']);
  });
});
