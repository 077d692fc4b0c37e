import { canonicalLink, isTrackingParameter } from './canonical-link';

describe('canonicalLink', () => {
  it('gives the same address however a link was dressed for tracking', () => {
    const plain = canonicalLink('https://blog.example/2026/11/apples');
    expect(plain).toBe('blog.example/2026/11/apples');
    for (const dressed of [
      'https://blog.example/2026/11/apples?utm_source=roundup&utm_medium=rss&utm_campaign=daily',
      'http://www.blog.example/2026/11/apples/',
      'https://BLOG.example:443/2026/11/apples#comments',
      'https://blog.example/2026/11/apples?fbclid=IwAR0x&gclid=abc&mc_cid=1&mc_eid=2',
      'https://blog.example/2026/11/apples?_hsenc=p2&_hsmi=9&mkt_tok=x&igshid=y&msclkid=z',
      'https://blog.example/2026/11/apples?UTM_Source=x&ref=hn&pk_campaign=c&mtm_kwd=k',
    ])
      expect(canonicalLink(dressed)).toBe(plain);
  });

  it('keeps parameters that choose the page, sorted', () => {
    expect(canonicalLink('https://news.example/item?id=42&utm_source=x')).toBe('news.example/item?id=42');
    expect(canonicalLink('https://news.example:8443/item?id=42')).toBe('news.example:8443/item?id=42');
    expect(canonicalLink('https://news.example/view?p=2&id=42')).toBe(
      canonicalLink('https://news.example/view?id=42&p=2'),
    );
    expect(canonicalLink('https://news.example/item?id=42')).not.toBe(
      canonicalLink('https://news.example/item?id=43'),
    );
  });

  it('has none for front pages, other schemes and garbage', () => {
    expect(canonicalLink('https://blog.example/')).toBeNull();
    expect(canonicalLink('https://blog.example/?utm_source=x')).toBeNull();
    expect(canonicalLink('mailto:a@example.com')).toBeNull();
    expect(canonicalLink('javascript:alert(1)')).toBeNull();
    expect(canonicalLink('not a url')).toBeNull();
    expect(canonicalLink('')).toBeNull();
    expect(canonicalLink(null)).toBeNull();
  });

  it('knows the tracking names of ClearURLs and Firefox, and leaves ordinary ones', () => {
    for (const name of [
      'utm_content',
      'gclid',
      'dclid',
      'yclid',
      'twclid',
      'wbraid',
      'oly_anon_id',
      '__hstc',
    ])
      expect(isTrackingParameter(name)).toBe(true);
    for (const name of ['id', 'page', 'q', 'p', 'source', 'lang'])
      expect(isTrackingParameter(name)).toBe(false);
  });
});
