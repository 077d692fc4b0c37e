import { articleBody, expectLeftOut, extractText } from '../../../test/support/article-pages';

describe('blocks named as page furniture', () => {
  it('leaves out breadcrumb trails however their names shorten the word', () => {
    const text = extractText(`<body><article>
      <div class="entry-crumbs"><a href="/">Home</a> <a href="/climate">Climate</a>
        <span class="crumb-last">Forests protect the climate</span></div>
      <ul id="crumbs"><li><a href="/blog">Harbour blog</a></li><li>Ferries</li></ul>
      ${articleBody()}</article></body>`);
    expect(text).toContain('The fourth part of the post');
    expectLeftOut(text, ['Home', 'Forests protect the climate', 'Harbour blog']);
  });
});
