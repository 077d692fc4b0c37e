import { extractArticle } from './extract-article';
import { articleBody, prose } from '../../../test/support/article-pages';

const URL = 'https://blog.example/2026/11/harbour.html';
const body = articleBody();

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

  it('takes what stands above it in the article with it, and keeps the pictures there', () => {
    const article = extractArticle(
      `<html><head><title>The harbour reopens after two years</title></head>
      <body><article><span class="section">Harbour life</span> <span>Cities &amp; Ports</span>
      <img src="/quay.jpg" alt=""><h1>The harbour reopens after two years</h1>${body}</article></body></html>`,
      URL,
      { minConfidence: 0 },
    );
    expect(article.text).not.toContain('Harbour life');
    expect(article.text).not.toContain('Cities & Ports');
    expect(article.html).toContain('quay.jpg');
    expect(article.text).toContain('The fourth part of the post');
  });
});
