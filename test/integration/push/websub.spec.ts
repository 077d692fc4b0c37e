import { createHmac } from 'node:crypto';
import { FeedsService } from '../../../src/feeds/feeds.service';
import { PushService } from '../../../src/fetcher/push/push.service';
import { PollService } from '../../../src/fetcher/poll.service';
import { OutboxService } from '../../../src/mail/outbox.service';
import { FeedServer } from '../../support/feed-server';
import { SmtpCapture } from '../../support/smtp-capture';
import { createTestApp, TestApp } from '../../support/test-app';
import { testDialects } from '../../support/test-database';
import { addReader, readBody, rssWith } from './push-helpers';

describe.each(testDialects())('WebSub subscriber on %s', (dialect) => {
  let publisher: FeedServer;
  let smtp: SmtpCapture;
  let test: TestApp;
  let userId: string;
  const hubRequests: Array<{ path: string; form: URLSearchParams }> = [];
  const requestsTo = (path: string) => hubRequests.filter((request) => request.path === path);
  const first = { title: 'First post', link: 'https://blog.example/1' };
  const fresh = { title: 'Fresh pushed post', link: 'https://blog.example/2' };

  beforeAll(async () => {
    publisher = await new FeedServer().start();
    smtp = await new SmtpCapture().start();
    test = await createTestApp(
      dialect,
      { SMTP_URL: smtp.url, MAIL_FROM: 'tidings@tidings.test', WEBSUB_LEASE_SECONDS: '600' },
      { http: true },
    );
    for (const path of ['/hub', '/new-hub']) {
      publisher.set(path, {
        handler: async (request, response) => {
          hubRequests.push({ path, form: new URLSearchParams(await readBody(request)) });
          response.writeHead(202).end();
        },
      });
    }
    publisher.set('/old-hub', { status: 307, headers: { location: '/new-hub' } });
    userId = await addReader(test, 'reader@example.com');
  });

  afterAll(async () => {
    await test.close();
    await publisher.stop();
    await smtp.stop();
  });

  const callback = (form: URLSearchParams) => form.get('hub.callback')!;
  const verify = (form: URLSearchParams, params: Record<string, string>) =>
    fetch(`${callback(form)}?${new URLSearchParams(params)}`);
  const deliver = (form: URLSearchParams, body: string, signature?: string) =>
    fetch(callback(form), {
      method: 'POST',
      headers: {
        'content-type': 'application/rss+xml',
        ...(signature ? { 'x-hub-signature': signature } : {}),
      },
      body,
    });

  it('subscribes at the hub named in the Link header, with an unguessable callback and a secret', async () => {
    const self = publisher.url('/feed.xml?self');
    publisher.set('/feed.xml', {
      headers: {
        'content-type': 'application/rss+xml',
        link: `<${publisher.url('/hub')}>; rel="hub", <${self}>; rel="self"`,
      },
      body: rssWith(
        '<atom:link rel="hub" href="https://ignored.example/"/>',
        [first],
        'https://blog.example/',
      ),
    });
    await test.app.get(FeedsService).subscribe(userId, publisher.url('/feed.xml'), { mode: 'realtime' });
    await test.app.get(PollService).pollDue({ all: true });

    const [request] = requestsTo('/hub');
    expect(request.form.get('hub.mode')).toBe('subscribe');
    expect(request.form.get('hub.topic')).toBe(self);
    expect(request.form.get('hub.lease_seconds')).toBe('600');
    expect(request.form.get('hub.secret')).toMatch(/^[0-9a-f]{64}$/);
    expect(callback(request.form)).toMatch(new RegExp(`^${test.baseUrl}/websub/[A-Za-z0-9_-]{32}$`));
    expect(requestsTo('/hub')).toHaveLength(1);
  });

  it('answers the verification with exactly the challenge for our topic, and 404 otherwise', async () => {
    const { form } = requestsTo('/hub')[0];
    const topic = form.get('hub.topic')!;
    const push = test.app.get(PushService);
    const feedId = (await test.app.get(FeedsService).listFeeds())[0].id;

    const wrongTopic = await verify(form, {
      'hub.mode': 'subscribe',
      'hub.topic': 'https://evil.example/',
      'hub.challenge': 'x',
    });
    expect(wrongTopic.status).toBe(404);
    const wrongMode = await verify(form, {
      'hub.mode': 'unsubscribe',
      'hub.topic': topic,
      'hub.challenge': 'x',
    });
    expect(wrongMode.status).toBe(404);
    const unknown = await fetch(
      `${test.baseUrl}/websub/not-a-callback?hub.mode=subscribe&hub.topic=${topic}&hub.challenge=x`,
    );
    expect(unknown.status).toBe(404);
    expect(await push.isPushActive(feedId)).toBe(false);

    const right = await verify(form, {
      'hub.mode': 'subscribe',
      'hub.topic': topic,
      'hub.challenge': 'challenge-8d1f',
      'hub.lease_seconds': '600',
    });
    expect(right.status).toBe(200);
    expect(await right.text()).toBe('challenge-8d1f');
    expect(await push.isPushActive(feedId)).toBe(true);
    // While the lease runs, polling is only the safety net: the next poll is about 12 hours out.
    await test.app.get(PollService).pollDue({ all: true });
    const [polled] = await test.app.get(FeedsService).listFeeds();
    expect(polled.lastOutcome).toBe('same-hash');
    expect(polled.nextPollAt.getTime() - test.clock.now().getTime()).toBeGreaterThan(10 * 3_600_000);
    const replay = await verify(form, {
      'hub.mode': 'subscribe',
      'hub.topic': topic,
      'hub.challenge': 'again',
    });
    expect(replay.status).toBe(404);
  });

  it('emails a signed delivery without fetching, and ignores a forged one', async () => {
    const { form } = requestsTo('/hub')[0];
    const body = rssWith('', [fresh, first], 'https://blog.example/');
    const fetchesBefore = publisher.requests.filter((request) => request.url === '/feed.xml').length;

    const forged = await deliver(
      form,
      body,
      `sha256=${createHmac('sha256', 'guessed').update(body).digest('hex')}`,
    );
    expect(forged.status).toBe(202);
    const unsigned = await deliver(form, body);
    expect(unsigned.status).toBe(202);
    expect((await test.app.get(OutboxService).flush()).sent).toBe(0);

    const secret = form.get('hub.secret')!;
    const signed = await deliver(form, body, `sha1=${createHmac('sha1', secret).update(body).digest('hex')}`);
    expect(signed.status).toBe(202);
    expect((await test.app.get(OutboxService).flush()).sent).toBe(1);
    const [email] = await smtp.waitFor(1);
    expect(email.parsed.subject).toContain('Fresh pushed post');
    expect(email.envelope.to).toEqual(['reader@example.com']);
    expect(publisher.requests.filter((request) => request.url === '/feed.xml')).toHaveLength(fetchesBefore);
    expect((await test.app.get(FeedsService).listFeeds())[0].lastOutcome).toBe('pushed');

    const again = await deliver(
      form,
      body,
      `sha512=${createHmac('sha512', secret).update(body).digest('hex')}`,
    );
    expect(again.status).toBe(202);
    expect((await test.app.get(OutboxService).flush()).sent).toBe(0);
  });

  it('acknowledges a signed delivery that is not a feed, and refuses an unknown callback', async () => {
    const { form } = requestsTo('/hub')[0];
    const junk = '<html>not a feed</html>';
    const signature = `sha256=${createHmac('sha256', form.get('hub.secret')!).update(junk).digest('hex')}`;
    expect((await deliver(form, junk, signature)).status).toBe(202);
    const unknown = await fetch(`${test.baseUrl}/websub/nope`, { method: 'POST', body: 'x' });
    expect(unknown.status).toBe(404);
  });

  it('renews the subscription before a short lease ends', async () => {
    const push = test.app.get(PushService);
    test.clock.advance(500_000);
    expect(await push.maintain()).toEqual({ websub: 0, rssCloud: 0 });
    expect(requestsTo('/hub')).toHaveLength(1);
    test.clock.advance(45_000);
    expect(await push.maintain()).toEqual({ websub: 1, rssCloud: 0 });
    const [original, renewal] = requestsTo('/hub');
    expect(renewal.form.get('hub.mode')).toBe('subscribe');
    expect(callback(renewal.form)).toBe(callback(original.form));
    expect(renewal.form.get('hub.topic')).toBe(original.form.get('hub.topic'));
  });

  it('follows a hub that moved (307) and subscribes where it landed, finding it in the feed', async () => {
    publisher.set('/other.xml', {
      body: rssWith(
        `<atom:link rel="hub" href="${publisher.url('/old-hub')}"/><atom:link rel="self" href="${publisher.url('/other.xml')}"/>`,
        [first],
        'https://other.example/',
      ),
    });
    await test.app.get(FeedsService).subscribe(userId, publisher.url('/other.xml'), { mode: 'daily' });
    await test.app.get(PollService).pollDue({ all: true });
    const moved = requestsTo('/new-hub');
    expect(moved).toHaveLength(1);
    expect(moved[0].form.get('hub.topic')).toBe(publisher.url('/other.xml'));
  });

  it('unsubscribes when the last reader leaves, and forgets the subscription once the hub verifies', async () => {
    const feeds = test.app.get(FeedsService);
    const url = publisher.url('/feed.xml');
    const otherId = await addReader(test, 'second@example.com');
    await feeds.subscribe(otherId, url, { mode: 'daily' });
    await feeds.unsubscribe(userId, url);
    expect(requestsTo('/hub').filter((r) => r.form.get('hub.mode') === 'unsubscribe')).toHaveLength(0);

    await feeds.unsubscribe(otherId, url);
    const goodbye = requestsTo('/hub').filter((r) => r.form.get('hub.mode') === 'unsubscribe');
    expect(goodbye).toHaveLength(1);
    const topic = goodbye[0].form.get('hub.topic')!;
    const confirmed = await verify(goodbye[0].form, {
      'hub.mode': 'unsubscribe',
      'hub.topic': topic,
      'hub.challenge': 'bye',
    });
    expect(await confirmed.text()).toBe('bye');
    const feed = (await feeds.listFeeds()).find((candidate) => candidate.url === url)!;
    expect(await test.app.get(PushService).isPushActive(feed.id)).toBe(false);
    expect(feed.pushActiveUntil).toBeNull();
    const after = await verify(goodbye[0].form, {
      'hub.mode': 'unsubscribe',
      'hub.topic': topic,
      'hub.challenge': 'x',
    });
    expect(after.status).toBe(404);
  });
});
