import { FeedsService } from '../../../src/feeds/feeds.service';
import { PollService } from '../../../src/fetcher/poll.service';
import { PushSubscriptionsRepository } from '../../../src/fetcher/push/push-subscriptions.repository';
import { DnsResolver } from '../../../src/http/dns-resolver';
import { FeedServer, rssFeed } from '../../support/feed-server';
import { createWebTestApp, WebClient, WebTestApp } from '../../support/web-app';
import { rssWith } from '../push/push-helpers';

const METADATA = 'http://169.254.169.254/latest/meta-data/';
const REFUSAL =
  /is not a public address \([^)]*\): Tidings does not fetch from loopback, link-local or private networks/;

/** The same address, spelt as an attacker would; the WHATWG parser reads each as 169.254.169.254. */
const METADATA_SPELLINGS = [
  METADATA,
  'http://2852039166/latest/meta-data/',
  'http://0251.0376.0251.0376/latest/meta-data/',
  'http://0xa9fea9fe/latest/meta-data/',
  'http://169.254.43518/latest/meta-data/',
  'http://[::ffff:169.254.169.254]/latest/meta-data/',
  'http://[fe80::1]/feed',
  'http://metadata.internal.test/computeMetadata/v1/',
];

function opmlOf(urls: string[], csrf: string): FormData {
  const outlines = urls.map((url) => `<outline type="rss" text="x" xmlUrl="${url}"/>`).join('');
  const form = new FormData();
  form.set('_csrf', csrf);
  form.append(
    'file',
    new Blob([`<?xml version="1.0"?><opml version="2.0"><body>${outlines}</body></opml>`]),
    'feeds.opml',
  );
  return form;
}

describe('one address policy for every stored URL', () => {
  let site: FeedServer;

  beforeAll(async () => {
    site = await new FeedServer().start();
    site.set('/feed.xml', {
      body: rssFeed('Public Blog', [{ title: 'Hello', link: 'https://blog.example/1' }]),
    });
    site.set('/to-metadata', { status: 301, headers: { location: METADATA } });
  });

  afterAll(() => site.stop());

  describe('with home networks allowed (FETCH_ALLOW_PRIVATE=true): link-local stays refused', () => {
    let web: WebTestApp;
    let reader: WebClient;
    const stored = async () =>
      (await web.app.get(FeedsService).listFeeds())
        .map((feed) => feed.url)
        .filter((url) => !url.startsWith(site.url('')));

    beforeAll(async () => {
      web = await createWebTestApp('sqlite', { FETCH_ALLOW_PRIVATE: 'true' });
      // Stands in for DNS: one name that resolves to the metadata service, as metadata.google.internal does.
      const dns = web.app.get(DnsResolver);
      const systemResolve = dns.resolve.bind(dns);
      dns.resolve = async (host) =>
        host === 'metadata.internal.test' ? ['169.254.169.254'] : systemResolve(host);
      reader = web.browser();
      await reader.signIn('reader@example.com');
    });

    afterAll(() => web.close());

    it.each(METADATA_SPELLINGS)('POST /feeds refuses %s with the reason and stores nothing', async (url) => {
      await reader.get('/feeds/add');
      const answer = await reader.post('/feeds', { url, mode: 'realtime' });
      expect(answer.status).toBe(422);
      expect(answer.html).toMatch(REFUSAL);
      expect(await stored()).toEqual([]);
    });

    it('still adds a feed on the home network', async () => {
      await reader.get('/feeds/add');
      const answer = await reader.post('/feeds', { url: site.url('/feed.xml'), mode: 'realtime' });
      expect(answer.status).toBe(303);
      expect((await web.app.get(FeedsService).listFeeds()).map((feed) => feed.url)).toContain(
        site.url('/feed.xml'),
      );
    });

    it('an OPML import lists each refused feed with the same reason and stores only the others', async () => {
      const answer = await reader.post(
        '/opml/import',
        {},
        { body: opmlOf([METADATA, 'https://news.example/rss'], reader.csrf) },
      );
      expect(answer.status).toBe(200);
      expect(answer.html).toMatch(/Imported 1 new feed\./);
      expect(answer.html).toMatch(REFUSAL);
      expect(answer.html).toContain('169.254.169.254');
      expect(await stored()).toEqual(['https://news.example/rss']);
    });

    it('a redirect to the metadata service is refused with the same reason, and nothing is stored', async () => {
      await reader.get('/feeds/add');
      const answer = await reader.post('/feeds/lookup', { url: site.url('/to-metadata') });
      expect(answer.status).toBe(422);
      expect(answer.html).toMatch(REFUSAL);
      expect(await stored()).toEqual(['https://news.example/rss']);
    });

    it('a WebSub hub or rssCloud server on a refused address is neither stored nor called', async () => {
      let hubCalls = 0;
      site.set('/hub', {
        handler: (_request, response) => {
          hubCalls += 1;
          response.writeHead(202).end();
        },
      });
      site.set('/pushed.xml', {
        headers: {
          'content-type': 'application/rss+xml',
          link: `<http://169.254.169.254/hub>; rel="hub", <${site.url('/pushed.xml')}>; rel="self"`,
        },
        body: rssWith(
          '<cloud domain="169.254.169.254" port="80" path="/RPC2" registerProcedure="" protocol="http-post"/>',
          [{ title: 'Pushed', link: 'https://blog.example/p' }],
          'https://blog.example/',
        ),
      });
      site.set('/control.xml', {
        headers: {
          'content-type': 'application/rss+xml',
          link: `<${site.url('/hub')}>; rel="hub", <${site.url('/control.xml')}>; rel="self"`,
        },
        body: rssWith('', [{ title: 'Control', link: 'https://blog.example/c' }], 'https://blog.example/'),
      });
      for (const path of ['/pushed.xml', '/control.xml']) {
        await reader.get('/feeds/add');
        expect((await reader.post('/feeds', { url: site.url(path), mode: 'realtime' })).status).toBe(303);
      }
      await web.app.get(PollService).pollDue({ all: true });

      const rows = web.app.get(PushSubscriptionsRepository);
      expect(
        [...(await rows.all('websub')), ...(await rows.all('rsscloud'))].map((row) => row.hubUrl),
      ).toEqual([site.url('/hub')]);
      expect(hubCalls).toBe(1);
    });
  });

  describe('with home networks refused (FETCH_ALLOW_PRIVATE=false, the default)', () => {
    let web: WebTestApp;
    let reader: WebClient;

    beforeAll(async () => {
      web = await createWebTestApp('sqlite', { FETCH_ALLOW_PRIVATE: 'false' });
      reader = web.browser();
      await reader.signIn('reader@example.com');
    });

    afterAll(() => web.close());

    it.each([
      'http://127.0.0.1/feed',
      'http://2130706433/feed',
      'http://0x7f.1/feed',
      'http://0177.0.0.1/feed',
      'http://localhost/feed',
      'http://[::1]/feed',
      'http://[::ffff:7f00:1]/feed',
      'http://10.0.0.1/feed',
      'http://192.168.1.1/feed',
      'http://[fd12:3456::1]/feed',
      METADATA,
    ])('POST /feeds refuses %s and stores nothing', async (url) => {
      await reader.get('/feeds/add');
      const answer = await reader.post('/feeds', { url, mode: 'realtime' });
      expect(answer.status).toBe(422);
      expect(answer.html).toMatch(REFUSAL);
      expect(await web.app.get(FeedsService).listFeeds()).toEqual([]);
    });
  });
});
