import { articleBody, expectLeftOut, extractText } from '../../../test/support/article-pages';

describe('ways to the next and previous post', () => {
  it('leaves out next and previous post lines in several languages, and keeps prose that opens alike', () => {
    const text = extractText(`<body><article>${articleBody()}
      <p>The older posts in the archive tell the harbour's first years, from 1906 to the war, in letters.</p>
      <p>Nachfolgebeitrag: <a href="/next">Was passiert hier noch?</a><br>Vorgängerbeitrag: <a href="/prev">Die Wahrheit über Boote</a></p>
      <p>Older posts</p><p>Article précédent</p><p>Entrada anterior</p></article></body>`);
    expect(text).toContain("The older posts in the archive tell the harbour's first years");
    expectLeftOut(text, [
      'Nachfolgebeitrag',
      'Vorgängerbeitrag',
      'Older posts',
      'Article précédent',
      'Entrada anterior',
    ]);
  });
});
