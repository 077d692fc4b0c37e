import type { Readability } from '@mozilla/readability';

// Loaded on first use: jsdom takes seconds to load, and most pages never need the fallback.
const loadJsdom = () => require('jsdom') as typeof import('jsdom');
const loadReadability = () => require('@mozilla/readability') as typeof import('@mozilla/readability');

export interface ReadabilityArticle {
  html: string;
  /** Readability's own text of the article (its `textContent`). */
  text: string;
  title?: string;
  byline?: string;
  excerpt?: string;
}

/** Mozilla Readability on a jsdom document: slower and heavier, kept for pages the stream path doubts. */
export function extractWithReadability(html: string, url: string): ReadabilityArticle | undefined {
  const { JSDOM, VirtualConsole } = loadJsdom();
  const dom = new JSDOM(html, {
    url: isHttpUrl(url) ? url : undefined,
    virtualConsole: new VirtualConsole(),
  });
  try {
    const article = parseOrGiveUp(dom.window.document);
    if (!article?.content) return undefined;
    return {
      html: article.content,
      text: article.textContent ?? '',
      title: article.title ?? undefined,
      byline: article.byline ?? undefined,
      excerpt: article.excerpt ?? undefined,
    };
  } finally {
    dom.window.close();
  }
}

/** Readability throws on some hostile documents (stack overflow on deep trees): then there is no article. */
function parseOrGiveUp(document: Document): ReturnType<Readability['parse']> {
  try {
    const { Readability } = loadReadability();
    return new Readability(document).parse();
  } catch {
    return null;
  }
}

function isHttpUrl(url: string): boolean {
  return /^https?:\/\//i.test(url);
}
