import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CORPUS_PAGE_URL } from '../../../test/support/readability-pages';
import { tokenF1 } from '../../../test/support/token-f1';
import { extractArticle } from './extract-article';
import { articleText } from '../text/html-to-text';
import { expectLeftOut } from '../../../test/support/article-pages';

const URL = 'https://news.example/2024/story.html';
const paragraph = (topic: string) =>
  `<p>The ${topic} story goes on, with details, quotes, and numbers that matter to readers of this article; ` +
  `it keeps going for a while so that it reads like real prose, not navigation.</p>`;

const page = `<!doctype html><html><head>
  <title>Big story | News</title>
  <meta property="og:title" content="Big story">
  <meta name="author" content="Ada Writer">
  <meta property="og:image" content="/lead.jpg">
  <meta name="description" content="What happened.">
</head><body>
  <nav><a href="/">Home</a> <a href="/world">World</a></nav>
  <div class="sidebar"><p>${'Popular elsewhere, read this, and that, and more. '.repeat(3)}</p></div>
  <article class="post-content">
    ${paragraph('first')}${paragraph('second')}${paragraph('third')}
    <div class="share-buttons"><a href="https://twitter.example/share">Tweet</a></div>
    ${paragraph('fourth')}
  </article>
  <div id="comments"><p>${'A long comment, with opinions, and more opinions. '.repeat(4)}</p></div>
  <footer><p>Copyright, all rights, reserved, forever and ever.</p></footer>
</body></html>`;

describe('extractArticle', () => {
  it('keeps the article and prunes navigation, sidebars, share buttons, comments and footers', () => {
    const article = extractArticle(page, URL);
    expect(article.method).toBe('stream');
    expect(article.text).toContain('The first story goes on');
    expect(article.text).toContain('The fourth story goes on');
    for (const clutter of ['Home', 'Popular elsewhere', 'Tweet', 'A long comment', 'Copyright']) {
      expect(article.text).not.toContain(clutter);
    }
  });

  it('returns metadata, and HTML already rewritten for email', () => {
    const article = extractArticle(page, URL);
    expect(article).toMatchObject({
      title: 'Big story',
      byline: 'Ada Writer',
      leadImage: 'https://news.example/lead.jpg',
      excerpt: 'What happened.',
    });
    expect(article.html).toMatch(/^<article>\s*<p>The first story/);
    expect(article.html).not.toMatch(/class=|<nav|<footer/);
    expect(article.confidence).toBeGreaterThan(0);
    expect(article.confidence).toBeLessThanOrEqual(1);
  });

  it('gives the text as a reader reads it: sentences with links in them stay whole', () => {
    const linked = page.replace('The second story goes on', 'The second <a href="/more">story</a> goes on');
    const article = extractArticle(linked, URL);
    expect(article.text).toContain('The second story goes on');
    expect(article.html).toContain('href="https://news.example/more"');
  });

  it("prefers the block that repeats the feed's summary when two blocks compete", () => {
    const nested = (id: string, topic: string) =>
      `<div><div><div id="${id}">${paragraph(topic)}${paragraph(`${topic} two`)}</div></div></div>`;
    const twoBlocks = `<body>${nested('a', 'alpha')}${nested('b', 'beta')}</body>`;
    const summary = '<p>The beta story goes on, with details, quotes, and numbers</p>';
    const withoutSummary = extractArticle(twoBlocks, URL, { minConfidence: 0 }).text;
    const withSummary = extractArticle(twoBlocks, URL, { summary, minConfidence: 0 }).text;
    expect(withoutSummary).toContain('alpha story');
    expect(withoutSummary).not.toContain('beta story');
    expect(withSummary).toContain('beta story');
    expect(withSummary).not.toContain('alpha story');
  });

  it('scores without class names when the pick is too short, as Readability retries', () => {
    const loose = (topic: string) =>
      `<div>The ${topic} step comes next, with a knife and a board and some patience for the juicy part. ` +
      `Cut across, not along, and keep the slices thick so that nothing falls out of them.<br>` +
      `Then lay them out on a plate and season them just before serving.</div>`;
    const html = `<body><div><div class="story-text"><div>Another story with a headline, read it</div></div></div>
      <div><div><div>${loose('first')}${loose('second')}</div></div></div></body>`;
    const text = extractArticle(html, URL, { minConfidence: 0 }).text;
    expect(text).toContain('The first step comes next');
    expect(text).toContain('The second step comes next');
  });

  it('reads a page pasted into a post (a second <html><body>) as part of the post, as browsers do', () => {
    const listed = (item: string) =>
      `<p>${item}, sifted, weighed, measured, poured, stirred, folded, and set aside, then, later, used.</p>`;
    const html = `<body><article><div>${paragraph('opening')}${paragraph('middle')}
      <html><body><div class="recipe-box">${listed('Flour')}${listed('Sugar')}${listed('Butter')}</div></body></html>
      ${paragraph('closing')}</div></article></body>`;
    const text = extractArticle(html, URL, { minConfidence: 0 }).text;
    for (const part of ['The opening story', 'Flour, sifted', 'The closing story'])
      expect(text).toContain(part);
  });

  it('counts a box and its inner text block as one rival, not two that outvote the article', () => {
    const story = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh'].map(paragraph).join('');
    const thanks =
      'Our partners, sponsors, friends, donors, helpers, hosts, printers, bakers, drivers, and neighbours: thanks, all.';
    const html = `<body><div id="all"><div class="content">
      <div><div>${story}</div></div>
      <div><div class="textpic"><div class="textpic-text"><p>${thanks}</p></div></div></div>
    </div><div><p>Other news from the club, elsewhere on this site, is worth a look too.</p></div></div></body>`;
    const text = extractArticle(html, URL, { minConfidence: 0 }).text;
    expect(text).toContain('The seventh story goes on');
    expect(text).not.toContain('Other news from the club');
  });

  it('keeps a short article whole rather than what a retry without class names adds to it', () => {
    const note = (topic: string) =>
      `<p>The ${topic} note is short, with a date, a place, and a name in it; that is all.</p>`;
    const popular = ['one', 'two', 'three', 'four', 'five'].map(
      (name) => `<p>Popular post ${name}, with comments, shares, likes, and more of them.</p>`,
    );
    const html = `<body><article>${note('first')}${note('second')}${note('third')}</article>
      <div class="sidebar"><div>${popular.join('')}</div></div></body>`;
    const text = extractArticle(html, URL, { minConfidence: 0 }).text;
    expect(text).toContain('The third note is short');
    expect(text).not.toContain('Popular post');
  });

  it('keeps the rest of an article inside a "read more" expander, and leaves out a short read-more link', () => {
    const html = `<body><article>${paragraph('first')}${paragraph('second')}${paragraph('third')}
      <div id="read-more"><div class="read-more-link"><a href="">Read more</a></div>
      ${paragraph('fourth')}${paragraph('fifth')}${paragraph('sixth')}</div></article></body>`;
    const text = extractArticle(html, URL, { minConfidence: 0 }).text;
    expect(text).toContain('The sixth story goes on');
    expect(text).not.toContain('Read more');
  });

  it('keeps a few sentences folded into a short "read more" expander, not only a long one', () => {
    const folded =
      'The village lies among meadows and woods, at the edge of the hills. Trails and two cycle paths start ' +
      'at the door, and the old abbey town and the Roman city are each an hour away by car, by bus or by train.';
    const html = `<body><article>${paragraph('first')}${paragraph('second')}${paragraph('third')}
      <div><p class="box-text js_readmore">${folded}</p></div>
      <div class="share-links"><a href="/share">Share this story with a friend</a></div></article></body>`;
    const text = extractArticle(html, URL, { minConfidence: 0 }).text;
    expect(text).toContain(folded);
    expect(text).not.toContain('Share this story');
  });

  it('keeps a sibling div of plain prose, as Readability keeps the paragraph it turns such a div into', () => {
    const closing =
      'The closing note sits in a plain div of its own, after the story, and it reads like prose too';
    const html = `<body><article><div>${paragraph('first')}${paragraph('second')}${paragraph('third')}</div>
      <div>${closing}</div></article></body>`;
    expect(extractArticle(html, URL, { minConfidence: 0 }).text).toContain(closing);
  });

  it("keeps the lead in an article's own header, and still prunes the page's header and later headers", () => {
    const lead = 'The lead says in two lines what happened to the harbour, and why it matters to the town.';
    const html = `<body><header class="site-header"><p>The harbour paper, read by sailors, since 1901, every day.</p></header>
      <main><article><header class="entry-header"><h1>Harbour news</h1><p>${lead}</p></header>
      <div class="entry-content">${paragraph('first')}${paragraph('second')}
      <div class="chart-header"><p>Boats in the harbour, by year, from one count to the next, since 2001.</p></div>
      ${paragraph('third')}</div></article></main></body>`;
    const text = extractArticle(html, URL, { minConfidence: 0 }).text;
    expect(text).toContain(lead);
    expect(text).toContain('The third story goes on');
    expectLeftOut(text, ['The harbour paper', 'Boats in the harbour']);
  });

  it('falls back to Readability when its confidence is low, and says so', () => {
    const thin = '<body><p>Too short to be sure.</p></body>';
    expect(extractArticle(thin, URL, { minConfidence: 1 }).method).toBe('readability');
    expect(extractArticle(thin, URL, { minConfidence: 0 }).method).toBe('stream');
  });
});

describe('extractArticle on Readability test pages', () => {
  // Vendored from Readability's test suite (see its README): a test never reads outside the repository.
  const fixtures = path.join(__dirname, '..', '..', '..', 'test', 'fixtures', 'readability');
  const read = (name: string, file: string) => readFileSync(path.join(fixtures, name, file), 'utf8');
  it.each(['001', 'ars-1', 'medium-1', 'nytimes-1', 'wapo-1'])('%s matches the expected text', (name) => {
    const article = extractArticle(read(name, 'source.html'), CORPUS_PAGE_URL);
    expect(tokenF1(article.text, articleText(read(name, 'expected.html')))).toBeGreaterThanOrEqual(0.9);
  });
});
