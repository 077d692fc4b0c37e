import { discoverCloud, discoverWebSub } from './discover-push';
import { parseLinkHeader } from './link-header';

const feedUrl = 'https://blog.example/feed.xml';

describe('discoverWebSub', () => {
  it('reads the hub and self from Link headers first', () => {
    const found = discoverWebSub(
      feedUrl,
      { link: '<https://hub.example/>; rel="hub", </feed?canonical=1>; rel="self"' },
      '<feed><link rel="hub" href="https://other-hub.example/"/></feed>',
    );
    expect(found).toEqual({ hubs: ['https://hub.example/'], self: 'https://blog.example/feed?canonical=1' });
  });

  it('reads several Link headers and a rel list', () => {
    const found = discoverWebSub(
      feedUrl,
      { link: ['<https://a.example/hub>; rel="hub"', '<https://b.example/hub>; rel="hub other"'] },
      '',
    );
    expect(found?.hubs).toEqual(['https://a.example/hub', 'https://b.example/hub']);
    expect(found?.self).toBe(feedUrl);
  });

  it('falls back to atom:link elements in an RSS feed', () => {
    const rss = `<?xml version="1.0"?><rss xmlns:atom="http://www.w3.org/2005/Atom"><channel>
      <link>https://blog.example/</link>
      <atom:link rel="hub" href="https://pubsubhubbub.appspot.com/" />
      <atom:link href="https://blog.example/feed.xml?self" rel="self" type="application/rss+xml"/>
    </channel></rss>`;
    expect(discoverWebSub(feedUrl, {}, rss)).toEqual({
      hubs: ['https://pubsubhubbub.appspot.com/'],
      self: 'https://blog.example/feed.xml?self',
    });
  });

  it('falls back to link elements in an Atom feed, with single quotes and entities', () => {
    const atom = `<feed xmlns="http://www.w3.org/2005/Atom"><link rel='self' href='https://blog.example/atom?a=1&amp;b=2'/>
      <link rel="hub" href="https://hub.example/websub"/><link rel="alternate" href="https://blog.example/"/></feed>`;
    expect(discoverWebSub(feedUrl, { link: '<https://x.example/>; rel="self"' }, atom)).toEqual({
      hubs: ['https://hub.example/websub'],
      self: 'https://blog.example/atom?a=1&b=2',
    });
  });

  it.each([
    ['no hub at all', {}, '<rss><channel><link>https://blog.example/</link></channel></rss>'],
    ['a non-http hub', { link: '<javascript:alert(1)>; rel="hub"' }, ''],
    ['garbage headers', { link: '<<<>>>;;; rel=' }, '<link rel="hub" href="ftp://hub.example/">'],
    ['a hub link without href', {}, '<link rel="hub">'],
  ])('finds nothing with %s', (_name, headers, body) => {
    expect(discoverWebSub(feedUrl, headers, body)).toBeNull();
  });
});

describe('parseLinkHeader', () => {
  it('survives huge and hostile input', () => {
    expect(parseLinkHeader(`<${'a'.repeat(100_000)}`, feedUrl)).toEqual([]);
    expect(parseLinkHeader(undefined, feedUrl)).toEqual([]);
    expect(parseLinkHeader('<https://h.example/>; rel=hub; type=text/html', feedUrl)).toEqual([
      { href: 'https://h.example/', rels: ['hub'], type: 'text/html' },
    ]);
  });
});

describe('discoverCloud', () => {
  it('reads an http-post cloud element', () => {
    const rss = `<rss><channel><cloud domain="rpc.example" port="5337" path="/rsscloud/pleaseNotify"
      registerProcedure="" protocol="http-post" /></channel></rss>`;
    expect(discoverCloud(rss)).toEqual({ registerUrl: 'http://rpc.example:5337/rsscloud/pleaseNotify' });
  });

  it.each([
    '<cloud domain="rpc.example" port="80" path="/RPC2" registerProcedure="x" protocol="xml-rpc"/>',
    '<cloud domain="rpc.example/evil" port="80" path="/n" protocol="http-post"/>',
    '<cloud domain="rpc.example" port="99999" path="/n" protocol="http-post"/>',
    '<cloud domain="rpc.example" port="80" path="n" protocol="http-post"/>',
    '<rss><channel></channel></rss>',
  ])('ignores %s', (body) => {
    expect(discoverCloud(body)).toBeNull();
  });
});
