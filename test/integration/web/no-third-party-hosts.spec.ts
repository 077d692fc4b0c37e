import { MailService } from '../../../src/mail/mail.service';
import { OutboxService } from '../../../src/mail/outbox.service';
import { entryEmail, pauseConfirmation, subscribedReader } from '../mail/mail-fixtures';
import { FeedServer, rssFeed } from '../../support/feed-server';
import { foreignHosts } from '../../support/foreign-hosts';
import { createWebTestApp, WebClient, WebTestApp } from '../../support/web-app';

const PUBLIC_HOST = 'tidings.test';
const FEED_IMAGES = 'images.blog.example';

/**
 * Nothing Tidings sends or serves makes the reader's mail client or browser contact a third party:
 * only PUBLIC_URL (and the dashboard's own host) and the feed's own images.
 */
describe('no third-party hosts in emails and dashboard pages', () => {
  let web: WebTestApp;
  let site: FeedServer;
  let reader: WebClient;
  let allowed: string[];

  beforeAll(async () => {
    web = await createWebTestApp('sqlite', { PUBLIC_URL: `https://${PUBLIC_HOST}` });
    site = await new FeedServer().start();
    site.set('/feed.xml', {
      body: rssFeed('Example Blog', [
        {
          title: 'A post with a picture',
          link: 'https://blog.example/picture',
          date: 'Sat, 21 Nov 2026 08:00:00 GMT',
          description: `<p>Look: <img src="https://${FEED_IMAGES}/cat.jpg" alt="a cat"></p>`,
        },
      ]),
    });
    allowed = [PUBLIC_HOST, new URL(web.baseUrl).host, FEED_IMAGES];
    reader = web.browser();
    await reader.signIn('reader@example.com');
  });

  afterAll(async () => {
    await site.stop();
    await web.close();
  });

  it('every kind of email', async () => {
    const mail = web.app.get(MailService);
    const subscribed = await subscribedReader(web, 'mail-reader@example.com');
    const to = { userId: subscribed.user.id, email: subscribed.user.email };
    const feed = { id: subscribed.feed.id, title: 'Example Blog', url: subscribed.feed.url, siteUrl: null };
    const html = `<p>Look: <img src="https://${FEED_IMAGES}/cat.jpg" alt="a cat"></p>`;
    const entry = entryEmail(subscribed, { key: 'entry', html });
    await mail.sendEntry(entry);
    await mail.sendDigest({
      dedupKey: 'digest',
      to,
      title: 'Your daily digest',
      sections: [{ feed, subscriptionId: subscribed.subscription.id, entries: [entry.entry], headlines: [] }],
    });
    await mail.sendSignIn({
      dedupKey: 'sign-in',
      to,
      link: `https://${PUBLIC_HOST}/signin/x`,
      expiresInMinutes: 30,
    });
    await mail.sendLowBalance({
      dedupKey: 'low',
      to,
      balance: 0,
      prices: 'Prices',
      buyUrl: `https://${PUBLIC_HOST}/credits`,
    });
    await mail.sendFeedProblem({
      dedupKey: 'gone',
      to,
      feed,
      problem: 'gone',
      detail: '410',
      subscriptionId: subscribed.subscription.id,
    });
    await mail.sendSupportReply({
      dedupKey: 'support',
      to,
      subject: 'Hi',
      bodyText: 'Hello',
      references: [],
    });
    await mail.sendCommandConfirmation(pauseConfirmation('command', to, feed, [subscribed.subscription.id]));
    const keys = ['entry', 'digest', 'sign-in', 'low', 'gone', 'support', 'command'];
    const rows = await web.app.get(OutboxService).findByDedupKeys(keys);
    expect(rows.map((row) => row.dedupKey).sort()).toEqual([...keys].sort());
    for (const row of rows)
      expect({ email: row.dedupKey, hosts: foreignHosts(row.html, allowed) }).toEqual({
        email: row.dedupKey,
        hosts: [],
      });
    expect(rows.find((row) => row.dedupKey === 'entry')!.html).toContain(`https://${FEED_IMAGES}/cat.jpg`);
  });

  it('every dashboard page, the email preview and error pages included', async () => {
    await reader.get('/feeds/add');
    const lookup = await reader.post('/feeds/lookup', { url: site.url('/feed.xml') });
    expect(lookup.html).toContain('srcdoc');
    expect(lookup.html).toContain(`https://${FEED_IMAGES}/cat.jpg`);
    const pages = { lookup: lookup.html, anonymousSignIn: (await web.browser().get('/signin')).html };
    for (const path of [
      '/feeds',
      '/feeds/add',
      '/account',
      '/credits',
      '/credits/cancel',
      '/opml',
      '/nowhere',
    ])
      Object.assign(pages, { [path]: (await reader.get(path)).html });
    Object.assign(pages, { refusedLink: (await reader.get(`/signin/${'x'.repeat(43)}`)).html });
    const stylesheet = await (await fetch(`${web.baseUrl}/assets/app.css`)).text();
    Object.assign(pages, { stylesheet: `<style>${stylesheet}</style>` });
    for (const [page, html] of Object.entries(pages))
      expect({ page, hosts: foreignHosts(html, allowed) }).toEqual({ page, hosts: [] });
  });

  it('the check itself finds every way of loading from elsewhere', () => {
    const page = `<html><head><link rel="stylesheet" href="https://fonts.googleapis.com/css?family=Roboto">
      <style>@import url("https://cdn.example/a.css"); td { background: url(//img.example/bg.png) }</style>
      <script src="https://js.example/x.js"></script></head><body>
      <img srcset="https://a.example/1.png 1x, https://b.example/2.png 2x">
      <table><tr><td background="https://bg.example/t.gif"></td></tr></table><p style="background-image:url('https://css.example/p.png')"></p>
      <iframe srcdoc="&lt;img src='https://framed.example/i.png'&gt;"></iframe>
      <a href="https://links.example/">a link is not loaded</a><img src="/relative.png"></body></html>`;
    expect(foreignHosts(page, [])).toEqual([
      'a.example',
      'b.example',
      'bg.example',
      'cdn.example',
      'css.example',
      'fonts.googleapis.com',
      'framed.example',
      'img.example',
      'js.example',
    ]);
  });
});
