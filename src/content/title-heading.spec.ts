import { extractArticle } from './extract-article';

const URL = 'https://blog.example/2026/11/harbour.html';
const prose = (topic: string) =>
  `<p>The ${topic} part of the post goes on, with details, quotes, and numbers that matter to readers; ` +
  `it keeps going for a while so that it reads like real prose, not like navigation or a widget.</p>`;
const body = ['first', 'second', 'third', 'fourth'].map(prose).join('');

describe('the heading that repeats the page title', () => {
  it('leaves the article text and stays the result title; a later heading sharing its words stays', () => {
    const article = extractArticle(
      `<html><head><title>The harbour reopens after two years | Harbour News</title></head>
      <body><article><h1>The harbour reopens after two years</h1>${body}
      <h2>The harbour reopens</h2>${prose('last')}</article></body></html>`,
      URL,
      { minConfidence: 0 },
    );
    expect(article.title).toBe('The harbour reopens after two years | Harbour News');
    expect(article.text).not.toContain('The harbour reopens after two years');
    expect(article.text).toContain('The harbour reopens');
    expect(article.text).toContain('The last part of the post');
  });
});
