import { extractArticle } from './extract-article';
import { articleBody, expectLeftOut, extractText, prose } from '../../../test/support/article-pages';

const URL = 'https://blog.example/2026/11/post.html';
const body = articleBody();

describe('cleaning the article of what sits inside it without being part of it', () => {
  it('leaves out newsletter boxes, calls to action, author bios and tag lines named for what they are', () => {
    const text = extractText(`<body><article class="post">${body}
      <div class="newsletter-signup"><p>Get the best stories in your inbox, every morning, for free, forever.</p></div>
      <p class="cta">Become a member and support our journalism today</p>
      <div class="author-bio"><p>Ada writes about cities, trains, and the people who ride them, since 2009.</p></div>
      <div class="entry-meta">Tags: trains, cities</div></article></body>`);
    expect(text).toContain('The fourth part of the post');
    expectLeftOut(text, ['inbox', 'Become a member', 'Ada writes', 'Tags:']);
  });

  it('leaves out blocks named as boilerplate also when the article was found without judging names', () => {
    const text = extractText(`<body><div class="extra-wide">${body}
      <div class="author-bio"><p>Ada studied sport science before she started writing for us, first about
      rowing, then about the harbour, its boats, and the people who sail them.</p></div></div></body>`);
    expect(text).toContain('The fourth part of the post');
    expect(text).not.toContain('Ada studied');
  });

  it('leaves out the bylines after the first one, which becomes the byline of the result', () => {
    const article = extractArticle(
      `<body><article><p class="byline">By Ada Lovelace</p>${body}
      <div class="author-name"><a href="/ada">Ada Lovelace</a>, harbour desk</div></article></body>`,
      URL,
      { minConfidence: 0 },
    );
    expect(article.byline).toBe('By Ada Lovelace');
    expect(article.text).toContain('The fourth part of the post');
    expect(article.text).not.toContain('Ada Lovelace');
  });

  it('leaves out info and fact boxes named as such, asides to the story', () => {
    const text = extractText(`<body><article class="post">${body}
      <div class="article-infobox"><p>Original article: Harbour studies, volume 12, pages 3 to 9, published 2019.</p></div>
      <table class="infobox"><tr><td>Founded in 1906, with 3 basins, 12 cranes, and a ferry to the island</td></tr></table>
      </article></body>`);
    expect(text).toContain('The fourth part of the post');
    expect(text).not.toContain('Original article');
    expect(text).not.toContain('Founded in 1906');
  });

  it("leaves out teaser cards around the article's paragraphs, and keeps linked headings among them", () => {
    const text =
      extractText(`<body><article><div><h2><a href="/boats">Boats of the year</a></h2><p>Every boat of the year, with its crew and its story.</p></div>
      ${prose('first')}
      <h3><a href="/history">The history of the harbour</a></h3>${prose('second')}${prose('third')}
      <div class="grid"><div><h3><a href="/ferry">A new ferry for the island</a></h3><p>It sails in May.</p></div>
      <div><h3><a href="/cranes">Cranes</a></h3><p>Twelve of them, all new.</p></div></div></article></body>`);
    expect(text).toContain('The history of the harbour');
    expect(text).toContain('The third part of the post');
    expect(text).not.toContain('Boats of the year');
    expect(text).not.toContain('A new ferry');
    expect(text).not.toContain('Twelve of them');
  });

  it('leaves out affiliate and advertiser disclosures named as such', () => {
    const text = extractText(`<body><article class="post">
      <div class="affiliate-info"><p>We earn a commission when you buy through the links on this page, at no cost to you.</p></div>
      ${body}<p class="advertiser-disclosure">This post contains references to products from our partners.</p></article></body>`);
    expect(text).toContain('The fourth part of the post');
    expect(text).not.toContain('We earn a commission');
    expect(text).not.toContain('references to products');
  });

  it('leaves out author boxes and cards, however their names join the words', () => {
    const text = extractText(`<body><article class="post">${body}
      <div class="author_box"><p>More from Ada, who writes about harbours, trains, and the sea, since 2009.</p></div>
      <div class="post-author__bio"><p>Ada studied sport science before she started writing for us.</p></div></article></body>`);
    expect(text).toContain('The fourth part of the post');
    expect(text).not.toContain('More from Ada');
    expect(text).not.toContain('Ada studied');
  });

  it('leaves out date lines, and keeps a date inside a sentence', () => {
    const text =
      extractText(`<body><article class="post"><p class="date"><time datetime="2021-03-04">4 March 2021</time></p>
      ${body}<p>The harbour reopened on <time datetime="2021-03-03">3 March 2021</time>, after two years of works.</p></article></body>`);
    expect(text).toContain('The harbour reopened on 3 March 2021, after two years');
    expect(text).not.toContain('4 March 2021');
  });

  it('keeps an article body that its site marks as behind a paywall', () => {
    const about = ['history', 'team', 'mission'].map((topic) => prose(`${topic} of the site`)).join('');
    const text = extractText(
      `<body><div id="paywall-content" class="article-body paywall">${body}</div><div class="about">${about}</div></body>`,
    );
    expect(text).toContain('The first part of the post');
  });

  it('keeps a post whose taxonomy classes merely mention such a name', () => {
    const text = extractText(
      `<body><article class="post tag-newsletter category-cookies">${body}</article></body>`,
    );
    expect(text).toContain('The first part of the post');
  });

  it('keeps a whole post marked as an entry, whatever its custom taxonomy classes say', () => {
    const about = ['history', 'team', 'mission'].map((topic) => prose(`${topic} of the site`)).join('');
    const text = extractText(`<body><div class="post hentry custom_tags-newsletter">${body}</div>
      <div class="about">${about}</div></body>`);
    expect(text).toContain('The first part of the post');
  });

  it('leaves out short negatively named inline elements: photo credits and comment counts', () => {
    const text = extractText(`<body><article>
      <p><a class="comments-link" href="#comments">71 comments</a></p>${body}
      <p>A photo of the harbour. <span class="media-credit">Photo: Harbour Agency</span></p></article></body>`);
    expect(text).toContain('A photo of the harbour.');
    expect(text).not.toContain('71 comments');
    expect(text).not.toContain('Harbour Agency');
  });

  it('leaves out credits named as such, and the caption they sit in', () => {
    const text = extractText(`<body><article>${body}
      <figure><img src="/harbour.jpg"><figcaption>The harbour at dawn.
        <span class="credit">Photo: Harbour Agency</span></figcaption></figure>
      <p class="copyright">© 2026 Harbour Agency, all rights reserved</p></article></body>`);
    expect(text).not.toContain('The harbour at dawn.');
    expect(text).not.toContain('Harbour Agency');
  });

  it('leaves out "Read more" lines that point at another article, and keeps links inside prose', () => {
    const text = extractText(`<body><article>${body}
      <p>Read more: <a href="/other">The other story about the harbour and its boats</a></p>
      <p>The <a href="/harbour">harbour</a> opened in 1906, and its boats still sail every morning.</p>
      <p><a href="https://example.org/report">https://example.org/report</a></p>
      <p>The full report is on <a href="/report">the council's website, with every figure</a>.</p></article></body>`);
    expect(text).not.toContain('The other story');
    expect(text).toContain('The harbour opened in 1906');
    expect(text).toContain("The full report is on the council's website, with every figure.");
    expect(text).toContain('https://example.org/report');
  });

  it('drops a heading that only introduces removed blocks at the end, and keeps one that goes on', () => {
    const text = extractText(`<body><article>
      <h2>How it started</h2><div class="ad-slot"><a href="/ad">Buy now</a></div>${body}
      <h3>Related posts</h3><ul class="related"><li><a href="/a">Another post</a></li></ul></article></body>`);
    expect(text).toContain('How it started');
    expect(text).not.toContain('Related posts');
    expect(text).not.toContain('Another post');
  });

  it("leaves out blocks after the one holding the article's prose, and keeps its own lines after its last paragraph", () => {
    const text = extractText(`<body><div class="article-content"><div>${body}
      <p>Thanks to the harbour office for the tour</p></div>
      <div><p>Stormy nights on the island</p><p>A ferry for the harbour</p></div></div></body>`);
    expect(text).toContain('Thanks to the harbour office');
    expectLeftOut(text, ['Stormy nights', 'A ferry']);
  });

  it('does not come out empty when every block of the article is named negatively', () => {
    const text = extractText(`<body><nav><a href="/">Home</a></nav>
      <div class="content"><div class="field field--label-hidden">${body}</div></div></body>`);
    expect(text).toContain('The first part of the post');
  });
});

describe('forms', () => {
  it('keeps an article when the whole page is one form, as some frameworks write pages', () => {
    const article = extractArticle(
      `<body><form id="aspnetForm" method="post"><input type="hidden" name="state" value="x">
      <div class="search"><input type="text" name="q"><input type="submit" value="Search"></div>
      <article>${body}</article></form></body>`,
      URL,
      { minConfidence: 0 },
    );
    expect(article.method).toBe('stream');
    expect(article.text).toContain('The first part of the post');
    expect(article.text).toContain('The fourth part of the post');
  });

  it('leaves out forms to fill in: sign-ups and comment forms, with their labels', () => {
    const text = extractText(`<body><article>${body}
      <form action="/subscribe"><p>Your email address, required, so that we can send you the letter every week</p>
        <input type="email" name="email"><p>Your postcode, required, for the local edition of the letter</p>
        <input type="text" name="postcode"><select name="edition"><option>Morning</option></select>
        <textarea name="note"></textarea></form></article></body>`);
    expect(text).toContain('The fourth part of the post');
    expect(text).not.toContain('Your email address');
  });

  it("keeps the article's own sentences that use the page's words, between its paragraphs of prose", () => {
    const inside = [
      'Readers can subscribe for free, or pay five dollars a month.',
      'Most popular among them are the cooking letters.',
      'Copyright law changed in 1998.',
      'Comments from readers filled the page.',
      'Many bloggers live on affiliate links, she said.',
      'We use cookies only for the shopping cart, the owner wrote.',
      'Download the PDF of the ruling from the court.',
      'Anzeige: so nannte der Verlag die Beilage.',
    ];
    // No white space between the paragraphs: a line's end is the next paragraph's start.
    const text = extractText(`<body><article class="post">${prose('first')}${inside
      .map((line) => `<p>${line}</p>`)
      .join('')}${prose('second')}
      <p>Advertisement</p><h3>Related coverage</h3><ul><li><a href="/a">Another story</a></li>
      <li><a href="/b">And one more</a></li></ul><p>Become a member and get our offers first!</p>
      <p>All rights reserved</p><h3>Recommended for you</h3>${prose('third')}
      <p>Subscribe to our newsletter for free</p><p>Comments (5)</p></article></body>`);
    for (const line of inside) expect(text).toContain(line);
    expect(text).toContain('The third part of the post');
    expectLeftOut(text, [
      'Advertisement',
      'Related coverage',
      'Another story',
      'Become a member',
      'All rights reserved',
      'Recommended for you',
      'Subscribe to our',
      'Comments (5)',
    ]);
  });

  it('copes with a page whose only scored block turns out to be a short share widget', () => {
    const html = `<body><div class="share-tools"><p>Share this post with your friends, on every network you like, now.</p></div></body>`;
    expect(() => extractArticle(html, URL, { minConfidence: 0 })).not.toThrow();
  });
});
