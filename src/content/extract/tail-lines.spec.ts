import { articleBody, expectLeftOut, extractText, prose } from '../../../test/support/article-pages';

const body = articleBody();

describe("lines after the article's last paragraph of prose", () => {
  it('leaves out paragraphs that are only a link to something else', () => {
    const text = extractText(`<body><article>${body}
      <p><a href="/gallery/42">Pictures of the meeting</a></p>
      <p><a href="/2026/11/breakfast">Breakfast done right: the best tips</a></p></article></body>`);
    expect(text).toContain('The fourth part of the post');
    expect(text).not.toContain('Pictures of the meeting');
    expect(text).not.toContain('Breakfast done right');
  });

  it('keeps closing sentences that are all link, written-out addresses and references', () => {
    const text = extractText(`<body><article>${body}
      <p><a href="/petition">The petition can be signed here.</a></p>
      <p><a href="https://council.example/report">https://council.example/report</a></p>
      <p>1 <a href="https://journal.example/12/3">https://journal.example/12/3</a></p>
      <p>The full report, with its tables and maps, is <a href="/report">on the council's site</a>.</p>
      <ol><li>Fill the basin.</li><li>Open the gate.</li></ol>
      </article></body>`);
    for (const line of [
      'The petition can be signed here.',
      'https://council.example/report',
      '1 https://journal.example/12/3',
      "The full report, with its tables and maps, is on the council's site.",
      'Fill the basin',
      'Open the gate',
    ])
      expect(text).toContain(line);
  });

  it('keeps a paragraph that is only a link between paragraphs of prose', () => {
    const text = extractText(`<body><article>${prose('first')}${prose('second')}
      <p><a href="/harbour">The harbour in pictures</a></p>${prose('third')}${prose('fourth')}</article></body>`);
    expect(text).toContain('The harbour in pictures');
  });

  it('leaves out teasers named as such, and keeps a lead named so and a gallery of slides', () => {
    const text = extractText(`<body><article>
      <div class="teaser"><p>The lead: the harbour reopens after two years of work.</p></div>${body}
      <div class="image-slideshow"><div class="teaser slide"><img src="/1.jpg" alt=""><p>The new quay at dawn</p></div></div>
      <div class="teaser-box"><h3>Autumn in the city</h3><p>Pumpkins, walks and golden light.</p></div>
      </article></body>`);
    expect(text).toContain('The lead: the harbour reopens');
    expect(text).toContain('The new quay at dawn');
    expectLeftOut(text, ['Autumn in the city', 'Pumpkins']);
  });

  it('leaves out teasers named as such (by a class or a custom tag) between paragraphs of prose too, once the first is over', () => {
    const text = extractText(`<body><article>${prose('first')}${prose('second')}
      <div class="inline-teaser"><h3><a href="/podcast">The harbour podcast</a></h3><p>Every week, the news from the quay.</p></div>
      ${prose('third')}<site-teaser><h3>Questions about the ferry</h3><p>Answers to what readers ask.</p></site-teaser>
      ${prose('fourth')}</article></body>`);
    expect(text).toContain('The fourth part of the post');
    expectLeftOut(text, ['The harbour podcast', 'Every week', 'Questions about the ferry', 'Answers to']);
  });

  it('leaves out bullets that are only a link, and keeps numbered references that are', () => {
    const text = extractText(`<body><article>${body}
      <ul class="story-list"><li><a href="/a">Ferry captain: “The sea was kind to us”</a></li>
      <li><a href="/b">Cranes of the harbour, one by one</a></li></ul>
      <ol class="article-notes"><li><a href="/ref/1">Harbour studies, volume 12</a></li><li><a href="/ref/2">The island ferry, 1906–2006</a></li></ol>
      </article></body>`);
    expectLeftOut(text, ['Ferry captain', 'Cranes of the harbour']);
    expect(text).toContain('Harbour studies, volume 12');
    expect(text).toContain('The island ferry, 1906–2006');
  });

  it('leaves out a "more information" or contact label alone after the article, and keeps one that is a link or among paragraphs', () => {
    const text = extractText(`<body><article>${prose('first')}${prose('second')}
      <h3>Weitere Informationen</h3>${prose('third')}${prose('fourth')}
      <p>The whole report to download: <a href="/report.pdf">More information</a></p>
      <p><strong>Weitere Informationen:</strong></p><p>Harbour office, Quay 3</p>
      <h3>Ansprechpartnerin zum Thema:</h3><p>Jana Beispiel</p><p>Kontakt</p></article></body>`);
    expect(text).toContain('Weitere Informationen\n');
    expect(text).toContain('The whole report to download: More information');
    expectLeftOut(text, ['Weitere Informationen:', 'Ansprechpartnerin', 'Kontakt']);
  });
});
