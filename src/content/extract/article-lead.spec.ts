import { articleBody, extractText } from '../../../test/support/article-pages';

const URL = 'https://news.example/2026/11/story.html';
const body = articleBody('story');
const extractStory = (html: string) => extractText(html, URL);

describe("the article's lead", () => {
  it('joins the article from the header above its body, without the caption or the byline', () => {
    const text = extractStory(`<body><nav><a href="/">Home</a></nav><article>
      <header><h1>The harbour reopens</h1>
        <p class="standfirst">After two years of works, the harbour takes boats again from Monday, and the ferries are back.</p>
        <figure><img src="/harbour.jpg"><figcaption>The new quay at dawn, seen from the ferry that came first.</figcaption></figure>
        <span class="date">25 November 2026</span></header>
      <div class="body">${body}</div></article></body>`);
    expect(text).toContain('After two years of works');
    expect(text.indexOf('After two years')).toBeLessThan(text.indexOf('The first part'));
    expect(text).not.toContain('The new quay');
    expect(text).not.toContain('25 November');
  });

  it('finds the lead when templates nest the body a few wrappers below the header', () => {
    const text = extractStory(`<body><article>
      <header><h1>The harbour reopens</h1>
        <p class="standfirst">After two years of works, the harbour takes boats again from Monday, and the ferries are back.</p></header>
      <div class="container"><div class="row"><div class="column"><div class="body">${body}</div>
      <div class="tools">Print</div></div><div class="column">Weather: sunny</div></div></div>
      </article></body>`);
    expect(text).toContain('After two years of works');
  });

  it('finds the lead whatever follows the article in its element (a long list of other links)', () => {
    const others = Array.from({ length: 30 }, (_, n) => `<li>Harbour note number ${n} of the year</li>`).join(
      '',
    );
    const text = extractStory(`<body><article>
      <header><p class="standfirst">After two years of works, the harbour takes boats again from Monday, and the ferries are back.</p></header>
      <div class="body">${body}</div><ul>${others}</ul></article></body>`);
    expect(text).toContain('After two years of works');
  });

  it("finds the lead inside the article's container whatever the container's names say", () => {
    const text = extractStory(`<body><article><div class="field field--label-hidden">
      <div class="field-item"><p>After two years of works, the harbour takes boats again from Monday, and the ferries are back.</p></div>
      <div class="field-item"><div class="body">${body}</div><div class="tools">Print</div></div></div></article></body>`);
    expect(text).toContain('After two years of works');
  });

  it('takes no short line above the article for its lead: a caption or a source line', () => {
    const text = extractStory(`<body><article><header>
      <p>The harbour master at the new quay, on the first day of works / public domain</p></header>
      <div class="body">${body}</div></article></body>`);
    expect(text).toContain('The first part');
    expect(text).not.toContain('The harbour master');
  });

  it('stays out of the page around the article: prose far from it is not its lead', () => {
    const text = extractStory(`<body><div class="page">
      <div class="top"><p>Welcome to the harbour gazette, the newspaper of the coast since 1906, read it every morning.</p>
        ${'<p><a href="/x">Another headline of the day, with a link</a></p>'.repeat(20)}</div>
      <div class="body">${body}</div></div></body>`);
    expect(text).toContain('The first part');
    expect(text).not.toContain('Welcome to the harbour gazette');
  });

  it('finds the lead under the heading that repeats the title, however far up the template set it', () => {
    const wrap = (html: string) => `<div class="row"><div class="col">${html}</div></div>`;
    const text = extractText(
      `<html><head><title>The harbour reopens</title></head><body><div class="hero">
      <h1>The harbour reopens</h1><p>After two years of works, the harbour takes boats again from Monday, and the ferries are back.</p></div>
      <div class="main">${wrap(wrap(wrap(wrap(`<div class="body">${body}</div>`))))}</div></body></html>`,
      URL,
    );
    expect(text).toContain('After two years of works');
    expect(text.indexOf('After two years')).toBeLessThan(text.indexOf('The first part'));
  });
});
