import { articleBody, expectLeftOut, extractText } from '../../../test/support/article-pages';
import { unwrapArticleTemplates } from './article-templates';

/** A Blogger post page as Google's blogs serve it: the post's HTML in a template the page's script shows. */
const bloggerPage = (template: string) => `<body>
  <div class="header-desc">The latest news and insights from our team on security and safety</div>
  <div class="post" itemscope itemtype="http://schema.org/BlogPosting">
    <h2 class="title" itemprop="name">Safer browsing</h2>
    <div class="post-body"><div class="post-content" itemprop="articleBody">
      ${template}
      <noscript>${articleBody('fallback')}</noscript>
    </div></div>
  </div>
  <script type="text/template" id="share-widget"><p>Share this post with your friends and followers today, on every network you use.</p></script>
</body>`;

describe('posts that the page writes in a template', () => {
  it("reads a template that opens the article's body as the post", () => {
    const text = extractText(bloggerPage(`<script type='text/template'>${articleBody('blogger')}</script>`));
    expect(text).toContain('The first part of the blogger goes on');
    expect(text).toContain('The fourth part of the blogger goes on');
    expectLeftOut(text, ['The latest news and insights', 'Share this post']);
  });

  it('leaves every other script alone: code in the body, templates elsewhere', () => {
    const page = bloggerPage(`<script>window.render("<p>not prose</p>");</script>`);
    expect(unwrapArticleTemplates(page)).toBe(page);
    const elsewhere = `<div itemprop="articleBody">${articleBody()}<script type="text/template"><p>Share</p></script></div>`;
    expect(unwrapArticleTemplates(elsewhere)).toBe(elsewhere);
  });

  it('unwraps only the script tags, keeping the markup between them as written', () => {
    const page = `<div itemprop="articleBody">\n  <script type="text/template"><p>One &amp; two</p></script></div>`;
    expect(unwrapArticleTemplates(page)).toBe(`<div itemprop="articleBody">\n  <p>One &amp; two</p></div>`);
  });
});
