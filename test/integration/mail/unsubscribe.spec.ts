import { FeedsService } from '../../../src/feeds/feeds.service';
import { signedAddress, unsubscribeToken } from '../../../src/mail/domain/mail-tokens';
import { MailService } from '../../../src/mail/mail.service';
import { OutboxService } from '../../../src/mail/outbox.service';
import { UnsubscribeService } from '../../../src/mail/unsubscribe.service';
import { createTestApp, TestApp } from '../../support/test-app';
import { testDialects } from '../../support/test-database';
import { entryEmail, MAIL_ENV, subscribedReader } from './mail-fixtures';

describe.each(testDialects())('one-click unsubscribe on %s', (dialect) => {
  let test: TestApp;
  let feeds: FeedsService;

  beforeAll(async () => {
    test = await createTestApp(dialect, MAIL_ENV, { http: true });
    feeds = test.app.get(FeedsService);
  });

  afterAll(() => test.close());

  /** A reader with one entry email enqueued; its List-Unsubscribe URL, pointed at this test server. */
  async function readerWithEmail(address: string) {
    const reader = await subscribedReader(test, address, `https://${address.split('@')[0]}.example/feed`);
    const model = entryEmail(reader, { key: `entry:${address}` });
    await test.app.get(MailService).sendEntry(model);
    const [row] = await test.app.get(OutboxService).findByDedupKeys([model.dedupKey]);
    const header = row.headers['List-Unsubscribe'];
    const path = /<https:\/\/tidings\.test(\/unsubscribe\/[^>]+)>/.exec(header)![1];
    return { reader, url: `${test.baseUrl}${path}` };
  }

  const isSubscribed = async (userId: string) => (await feeds.subscriptionsOfUser(userId)).length > 0;
  const oneClick = (url: string, init: RequestInit = {}) =>
    fetch(url, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
      ...init,
    });

  it('GET only shows a page with a button; nothing changes', async () => {
    const { reader, url } = await readerWithEmail('scanned@example.com');
    for (let i = 0; i < 3; i += 1) {
      const response = await fetch(url, { redirect: 'manual' });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      const page = await response.text();
      expect(page).toMatch(/<form method="post" action="\/unsubscribe\/[\w.-]+">/);
      expect(page).toContain('<button type="submit">Unsubscribe</button>');
    }
    const head = await fetch(url, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await isSubscribed(reader.user.id)).toBe(true);
  });

  it('the RFC 8058 POST unsubscribes with no cookie, no login and no redirect, and can be repeated', async () => {
    const { reader, url } = await readerWithEmail('clicker@example.com');
    const bystander = await subscribedReader(test, 'bystander@example.com', 'https://clicker.example/feed');
    const response = await oneClick(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('set-cookie')).toBeNull();
    expect(response.headers.get('location')).toBeNull();
    expect(await response.text()).toContain('You are unsubscribed');
    expect(await isSubscribed(reader.user.id)).toBe(false);
    expect(await isSubscribed(bystander.user.id)).toBe(true);
    expect((await oneClick(url)).status).toBe(200);
  });

  it('accepts the POST as multipart form data too, as some providers send it', async () => {
    const { reader, url } = await readerWithEmail('multipart@example.com');
    const body = new FormData();
    body.set('List-Unsubscribe', 'One-Click');
    const response = await fetch(url, { method: 'POST', body, redirect: 'manual' });
    expect(response.status).toBe(200);
    expect(await isSubscribed(reader.user.id)).toBe(false);
  });

  it('many clicks at once end the subscription once and all succeed', async () => {
    const { reader, url } = await readerWithEmail('eager@example.com');
    const responses = await Promise.all(Array.from({ length: 10 }, () => oneClick(url)));
    expect(responses.map((response) => response.status)).toEqual(Array(10).fill(200));
    expect(await isSubscribed(reader.user.id)).toBe(false);
  });

  it('refuses forged, foreign-purpose and malformed tokens on GET and POST', async () => {
    const { reader, url } = await readerWithEmail('target@example.com');
    const token = url.split('/').at(-1)!;
    const [payload, signature] = token.split('.');
    const otherKey = unsubscribeToken('another-secret-key-0123456789', {
      subscriptionIds: [reader.subscription.id],
    });
    const bounce = signedAddress(MAIL_ENV.SECRET_KEY, 'bounce', reader.subscription.id, 'x').split('@')[0];
    const forgedPayload = Buffer.from(`s:${reader.subscription.id}`).toString('base64url');
    const hostile = [
      `${forgedPayload}.${signature}`,
      `${payload}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`,
      otherKey,
      bounce.replace(/^bounce-/, ''),
      'x',
      '%3Cscript%3E',
      `${'A'.repeat(3000)}.${'B'.repeat(22)}`,
    ];
    for (const bad of hostile) {
      const target = `${test.baseUrl}/unsubscribe/${bad}`;
      const get = await fetch(target);
      expect(get.status).toBe(400);
      expect(await get.text()).not.toContain('<script>');
      expect((await oneClick(target)).status).toBe(400);
    }
    expect((await fetch(`${test.baseUrl}/unsubscribe/`, { method: 'POST' })).status).toBe(404);
    expect(await isSubscribed(reader.user.id)).toBe(true);
  });

  it('the mailto link works too: a message whose subject carries the token', async () => {
    const { reader, url } = await readerWithEmail('mailer@example.com');
    const token = url.split('/').at(-1)!;
    const unsubscribes = test.app.get(UnsubscribeService);
    for (const subject of ['', 'unsubscribe', `unsubscribe ${token}x`, `Re: unsubscribe ${token}`])
      expect(await unsubscribes.unsubscribeByMailSubject(subject)).toBe(false);
    expect(await isSubscribed(reader.user.id)).toBe(true);
    expect(await unsubscribes.unsubscribeByMailSubject(`Unsubscribe ${token}`)).toBe(true);
    expect(await isSubscribed(reader.user.id)).toBe(false);
  });

  it('a digest section link ends that feed alone', async () => {
    const reader = await subscribedReader(test, 'sections@example.com', 'https://one.example/feed');
    await feeds.subscribe(reader.user.id, 'https://two.example/feed', {});
    const [first] = await feeds.subscriptionsOfUser(reader.user.id);
    const token = unsubscribeToken(MAIL_ENV.SECRET_KEY, { subscriptionIds: [first.id] });
    expect((await oneClick(`${test.baseUrl}/unsubscribe/${token}`)).status).toBe(200);
    const left = await feeds.subscriptionsOfUser(reader.user.id);
    expect(left.map((subscription) => subscription.feed.url)).toEqual(['https://two.example/feed']);
  });
});
