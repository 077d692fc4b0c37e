import { FeedsService } from '../../../src/feeds/feeds.service';
import { PingService } from '../../../src/fetcher/push/pings/ping.service';
import { PushService } from '../../../src/fetcher/push/push.service';
import { PollService } from '../../../src/fetcher/poll.service';
import { OutboxService } from '../../../src/mail/outbox.service';
import { FeedServer } from '../../support/feed-server';
import { SmtpCapture } from '../../support/smtp-capture';
import { createTestApp, TestApp } from '../../support/test-app';
import { testDialects } from '../../support/test-database';
import { addReader, readBody, rssWith } from './push-helpers';

const xmlRpc = (method: string, ...params: string[]) =>
  `<?xml version="1.0"?><methodCall><methodName>${method}</methodName><params>` +
  params.map((param) => `<param><value><string>${param}</string></value></param>`).join('') +
  `</params></methodCall>`;

describe.each(testDialects())('pings and the ping cache on %s', (dialect) => {
  let publisher: FeedServer;
  let stranger: FeedServer;
  let smtp: SmtpCapture;
  let test: TestApp;
  const registrations: Array<{ form: URLSearchParams; challengeAnswer: string; status: number }> = [];
  const fetchesOf = (path: string) => publisher.requests.filter((request) => request.url === path).length;
  const waitForRefreshes = () => test.app.get(PollService).refreshNow([]);
  const rpc = (body: string, path = '/RPC2') =>
    fetch(`${test.baseUrl}${path}`, { method: 'POST', headers: { 'content-type': 'text/xml' }, body });
  const posts = [{ title: 'Old post', link: 'https://blog.example/old' }];

  beforeAll(async () => {
    publisher = await new FeedServer().start();
    stranger = await new FeedServer().start();
    smtp = await new SmtpCapture().start();
    test = await createTestApp(
      dialect,
      { SMTP_URL: smtp.url, MAIL_FROM: 'tidings@tidings.test', PING_RATE_PER_MINUTE: '120' },
      { http: true },
    );
    const site = publisher.url('/blog/');
    publisher.set('/blog/feed.xml', {
      handler: (_request, response) => response.end(rssWith('', posts, site)),
    });
    publisher.set('/blog/', {
      headers: { 'content-type': 'text/html' },
      body: `<html><head><link rel="alternate" type="application/rss+xml" href="/blog/feed.xml">
        <link rel="alternate" type="application/atom+xml" href="comments.atom"></head></html>`,
    });
    publisher.set('/cloudy.xml', {
      body: rssWith(
        `<cloud domain="127.0.0.1" port="${publisher.port}" path="/cloud/pleaseNotify" registerProcedure="" protocol="http-post"/>`,
        posts,
        'https://cloudy.example/',
      ),
    });
    publisher.set('/cloud/pleaseNotify', {
      handler: async (request, response) => {
        const form = new URLSearchParams(await readBody(request));
        const challenge = `ch-${registrations.length}`;
        const query = new URLSearchParams({ url: form.get('url1') ?? '', challenge });
        const answer = await fetch(
          `http://${form.get('domain')}:${form.get('port')}${form.get('path')}?${query}`,
        );
        registrations.push({ form, challengeAnswer: await answer.text(), status: answer.status });
        response.writeHead(200, { 'content-type': 'text/xml' });
        response.end(`<?xml version="1.0"?><notifyResult success="true" msg="Registered."/>`);
      },
    });
    const userId = await addReader(test, 'reader@example.com');
    const feeds = test.app.get(FeedsService);
    await feeds.subscribe(userId, publisher.url('/blog/feed.xml'), { mode: 'realtime' });
    await feeds.subscribe(userId, publisher.url('/cloudy.xml'), { mode: 'realtime' });
    await test.app.get(PollService).pollDue({ all: true });
  });

  afterAll(async () => {
    await test.close();
    await publisher.stop();
    await stranger.stop();
    await smtp.stop();
  });

  it('reads the site page once to complete the cluster', () => {
    expect(fetchesOf('/blog/')).toBe(1);
    expect(fetchesOf('/blog/feed.xml')).toBe(1);
  });

  it('answers weblogUpdates.ping for a tracked site with the standard struct and fetches the feed', async () => {
    const response = await rpc(xmlRpc('weblogUpdates.ping', 'My Blog', publisher.url('/blog/')));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/xml/);
    expect(await response.text()).toContain(
      '<member><name>flerror</name><value><boolean>0</boolean></value></member>' +
        '<member><name>message</name><value>Thanks for the ping.</value></member>',
    );
    await waitForRefreshes();
    expect(fetchesOf('/blog/feed.xml')).toBe(2);
  });

  it('answers extendedPing at /xmlrpc and reaches the feed through its feed URL argument', async () => {
    test.clock.advance(120_000);
    const response = await rpc(
      xmlRpc(
        'weblogUpdates.extendedPing',
        'My Blog',
        'https://elsewhere.example/',
        'https://elsewhere.example/post',
        publisher.url('/blog/feed.xml'),
      ),
      '/xmlrpc',
    );
    expect(await response.text()).toContain('<boolean>0</boolean>');
    await waitForRefreshes();
    expect(fetchesOf('/blog/feed.xml')).toBe(3);
  });

  it('thanks pings for untracked URLs and makes no request at all', async () => {
    test.clock.advance(120_000);
    const before = publisher.requests.length;
    const untracked = stranger.url('/feed.xml');
    for (const body of [
      xmlRpc('weblogUpdates.ping', 'Stranger', stranger.url('/')),
      xmlRpc('weblogUpdates.extendedPing', 'Stranger', stranger.url('/'), stranger.url('/new'), untracked),
    ]) {
      expect(await (await rpc(body)).text()).toContain('<boolean>0</boolean>');
    }
    const plain = await fetch(`${test.baseUrl}/ping?url=${encodeURIComponent(untracked)}`, {
      method: 'POST',
    });
    expect(plain.status).toBe(200);
    await waitForRefreshes();
    expect(stranger.requests).toHaveLength(0);
    expect(publisher.requests.length).toBe(before);
  });

  it('emails a new post after a plain ping on a URL the site page announces', async () => {
    test.clock.advance(120_000);
    posts.unshift({ title: 'Pinged post', link: 'https://blog.example/pinged' });
    const url = publisher.url('/blog/comments.atom');
    const response = await fetch(`${test.baseUrl}/ping?url=${encodeURIComponent(url)}`, { method: 'POST' });
    expect(await response.json()).toEqual({ status: 'ok', message: 'Thanks for the ping.' });
    await waitForRefreshes();
    expect(fetchesOf('/blog/comments.atom')).toBe(0);
    expect((await test.app.get(OutboxService).flush()).sent).toBe(1);
    const [email] = await smtp.waitFor(1);
    expect(email.parsed.subject).toContain('Pinged post');
  });

  it('turns a thousand pings in a minute into one fetch', async () => {
    test.clock.advance(120_000);
    const before = fetchesOf('/blog/feed.xml');
    const pings = test.app.get(PingService);
    const site = publisher.url('/blog/');
    const counts: number[] = [];
    for (let second = 0; second < 50; second++) {
      const sources = Array.from({ length: 20 }, (_, i) => `198.51.100.${i}`);
      counts.push(...(await Promise.all(sources.map((source) => pings.ping([site], source)))));
      test.clock.advance(1_000);
    }
    expect(counts).toEqual(Array(1000).fill(1));
    await waitForRefreshes();
    expect(fetchesOf('/blog/feed.xml')).toBe(before + 1);
  });

  it('limits pings per source address, over HTTP and XML-RPC alike', async () => {
    const ping = () =>
      fetch(`${test.baseUrl}/ping?url=${encodeURIComponent(publisher.url('/blog/'))}`, { method: 'POST' });
    const responses = await Promise.all(Array.from({ length: 150 }, ping));
    const limited = responses.filter((response) => response.status === 429);
    expect(limited.length).toBeGreaterThanOrEqual(30);
    expect(responses.every((response) => response.status === 200 || response.status === 429)).toBe(true);
    expect(await limited[0].json()).toMatchObject({ error: 'TooManyRequestsError' });
    const rpcLimited = await rpc(xmlRpc('weblogUpdates.ping', 'My Blog', publisher.url('/blog/')));
    expect(await rpcLimited.text()).toContain('<boolean>1</boolean>');
    await waitForRefreshes();
  });

  it.each([
    ['not XML', 'hello', /-32700/],
    [
      'an entity bomb',
      '<!DOCTYPE l [<!ENTITY a "aaaa"><!ENTITY b "&a;&a;&a;">]><methodCall><methodName>&b;</methodName></methodCall>',
      /DOCTYPE/,
    ],
    ['an unknown method', xmlRpc('system.listMethods'), /-32601/],
    ['a ping without URL', xmlRpc('weblogUpdates.ping', 'Only a name'), /-32602/],
    ['a huge body', `<methodCall>${' '.repeat(70_000)}</methodCall>`, /exceeds/],
  ])('answers %s with a fault', async (_name, body, message) => {
    const response = await rpc(body);
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).toMatch(/<methodResponse><fault>.*<name>faultCode<\/name>/s);
    expect(text).toMatch(message);
  });

  it('refuses a plain ping without a URL', async () => {
    expect((await fetch(`${test.baseUrl}/ping`, { method: 'POST' })).status).toBe(400);
  });

  it('registers with the feed’s rssCloud, answering its challenge for that feed only', async () => {
    expect(registrations).toHaveLength(1);
    const [{ form, challengeAnswer, status }] = registrations;
    expect(status).toBe(200);
    expect(challengeAnswer).toBe('ch-0');
    expect(Object.fromEntries(form)).toMatchObject({
      protocol: 'http-post',
      domain: '127.0.0.1',
      port: new URL(test.baseUrl).port,
      url1: publisher.url('/cloudy.xml'),
    });
    expect(form.get('path')).toMatch(/^\/rsscloud\/[A-Za-z0-9_-]{32}$/);
    const otherFeed = `${test.baseUrl}${form.get('path')}?url=${encodeURIComponent(publisher.url('/blog/feed.xml'))}&challenge=x`;
    expect((await fetch(otherFeed)).status).toBe(404);
    expect((await fetch(`${test.baseUrl}/rsscloud/unknown?url=x&challenge=y`)).status).toBe(404);
  });

  it('fetches the feed when its cloud notifies, and re-registers within 24 hours', async () => {
    test.clock.advance(120_000);
    const path = registrations[0].form.get('path');
    const before = fetchesOf('/cloudy.xml');
    const notify = await fetch(`${test.baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ url: publisher.url('/cloudy.xml') }),
    });
    expect(notify.status).toBe(200);
    await waitForRefreshes();
    expect(fetchesOf('/cloudy.xml')).toBe(before + 1);
    expect((await fetch(`${test.baseUrl}/rsscloud/unknown`, { method: 'POST' })).status).toBe(404);

    test.clock.advance(22 * 3600_000);
    expect((await test.app.get(PushService).maintain()).rssCloud).toBe(0);
    test.clock.advance(3600_000);
    expect((await test.app.get(PushService).maintain()).rssCloud).toBe(1);
    expect(registrations).toHaveLength(2);
    expect(registrations[1].challengeAnswer).toBe('ch-1');
  });
});
