import { discoverFeeds, looksLikeFeed } from './discover-feeds';

describe('discoverFeeds', () => {
  const page = 'https://blog.example/posts/hello';

  it('finds RSS, Atom and JSON feeds, resolved against the page, in page order', () => {
    const html = `<html><head>
      <link rel="alternate" type="application/rss+xml" title="Posts" href="/feed.xml">
      <link rel="stylesheet" href="/style.css">
      <link rel="Alternate" type="application/atom+xml; charset=utf-8" href="atom.xml">
      <link rel="alternate" type="application/feed+json" href="https://cdn.example/feed.json" title="  ">
    </head><body></body></html>`;
    expect(discoverFeeds(html, page)).toEqual([
      { url: 'https://blog.example/feed.xml', title: 'Posts', type: 'application/rss+xml' },
      { url: 'https://blog.example/posts/atom.xml', title: null, type: 'application/atom+xml' },
      { url: 'https://cdn.example/feed.json', title: null, type: 'application/feed+json' },
    ]);
  });

  it('honours <base href> and drops duplicates', () => {
    const html = `<base href="https://other.example/dir/"><link rel="alternate" type="application/rss+xml" href="rss">
      <link rel="alternate" type="application/rss+xml" href="https://other.example/dir/rss">`;
    expect(discoverFeeds(html, page).map((feed) => feed.url)).toEqual(['https://other.example/dir/rss']);
  });

  it.each([
    ['javascript:alert(1)'],
    ['file:///etc/passwd'],
    ['data:text/xml,<rss/>'],
    [''],
    ['http://[broken'],
  ])('ignores the href %j', (href) => {
    const html = `<link rel="alternate" type="application/rss+xml" href="${href}">`;
    expect(discoverFeeds(html, page)).toEqual([]);
  });

  it('ignores alternates that are not feeds and survives hostile markup', () => {
    const html = `<link rel="alternate" hreflang="fr" href="/fr/"><link rel="alternate" type="text/html" href="/x">
      ${'<div>'.repeat(20_000)}<svg><link rel="alternate" type="application/rss+xml" href="/deep.xml"></svg>`;
    expect(discoverFeeds(html, page).map((feed) => feed.url)).toEqual(['https://blog.example/deep.xml']);
  });

  it('returns at most 20 feeds', () => {
    const html = Array.from(
      { length: 500 },
      (_, i) => `<link rel="alternate" type="application/rss+xml" href="/f${i}">`,
    ).join('');
    expect(discoverFeeds(html, page)).toHaveLength(20);
  });
});

describe('looksLikeFeed', () => {
  it.each([
    '<?xml version="1.0"?>\n<rss version="2.0"><channel/></rss>',
    '\uFEFF<?xml version="1.0"?><!-- hi --><feed xmlns="http://www.w3.org/2005/Atom"></feed>',
    '<rdf:RDF xmlns:rdf="x"></rdf:RDF>',
    '{"version": "https://jsonfeed.org/version/1.1", "items": []}',
  ])('recognises a feed: %s', (body) => expect(looksLikeFeed(body)).toBe(true));

  it.each(['<!doctype html><html></html>', '{"hello": 1}', '', 'plain text'])(
    'recognises a page or junk: %j',
    (body) => expect(looksLikeFeed(body)).toBe(false),
  );
});
