import { articleBody, extractText } from '../../../test/support/article-pages';

const body = articleBody();

describe("headings that end the article's text", () => {
  it('leaves out headings that announce what is not kept: a map, links, a sign-up', () => {
    const text = extractText(`<body><article>${body}
      <h3>The map to save:</h3><iframe src="https://maps.example/embed"></iframe>
      <h2>Not riding alone?</h2><div><h3>More on the harbour:</h3></div><img src="/map.png" alt="">
      </article></body>`);
    expect(text).toContain('The fourth part of the post');
    expect(text).not.toContain('The map to save');
    expect(text).not.toContain('Not riding alone');
    expect(text).not.toContain('More on the harbour');
  });

  it('keeps a heading that goes on, and a closing pull quote', () => {
    const text = extractText(`<body><article>${body}
      <h2>The takeaway</h2><ol><li>Pin the versions.</li><li>Build the layers in order.</li></ol>
      <h4>The harbour never sleeps. Nor do its cranes.</h4></article></body>`);
    expect(text).toContain('The takeaway');
    expect(text).toContain('Build the layers in order.');
    expect(text).toContain('The harbour never sleeps. Nor do its cranes.');
  });

  it("keeps the article's own last lines: a sentence with a link, a short quote, steps, references", () => {
    const text = extractText(`<body><article>${body}
      <p>The full report, with its tables and maps, is <a href="/report">on the council's site</a>.</p>
      <blockquote>“We will be back.”</blockquote>
      <h3>Steps</h3><ol><li>Fill the basin.</li><li>Open the gate.</li></ol>
      <h3>References</h3><ul><li>Harbour studies, volume 12, pages 3 to 9.</li></ul></article></body>`);
    for (const line of [
      "The full report, with its tables and maps, is on the council's site.",
      'We will be back.',
      'Steps',
      'Open the gate.',
      'References',
      'Harbour studies, volume 12',
    ])
      expect(text).toContain(line);
  });
});
