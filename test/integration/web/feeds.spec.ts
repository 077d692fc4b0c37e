import { AccountsService } from '../../../src/accounts/accounts.service';
import { FeedsService } from '../../../src/feeds/feeds.service';
import { PollStateRepository } from '../../../src/fetcher/poll-state.repository';
import { OutboxService } from '../../../src/mail/outbox.service';
import { FeedServer, rssFeed } from '../../support/feed-server';
import { testDialects } from '../../support/test-database';
import { createWebTestApp, WebClient, WebTestApp } from '../../support/web-app';

const sitePage = (links: string) =>
  `<!doctype html><html><head><title>Site</title>${links}</head><body>Hello</body></html>`;

describe.each(testDialects())('dashboard feeds on %s', (dialect) => {
  let web: WebTestApp;
  let site: FeedServer;
  let reader: WebClient;

  beforeAll(async () => {
    web = await createWebTestApp(dialect);
    site = await new FeedServer().start();
    site.set('/', {
      headers: { 'content-type': 'text/html' },
      body: sitePage('<link rel="alternate" type="application/rss+xml" title="Posts" href="/feed.xml">'),
    });
    site.set('/two', {
      headers: { 'content-type': 'text/html' },
      body: sitePage(
        '<link rel="alternate" type="application/rss+xml" title="Posts" href="/feed.xml">' +
          '<link rel="alternate" type="application/atom+xml" title="Comments" href="/comments.xml">',
      ),
    });
    site.set('/plain', { headers: { 'content-type': 'text/html' }, body: sitePage('') });
    site.set('/moved', { status: 301, headers: { location: '/' } });
    site.set('/feed.xml', {
      body: rssFeed('Example Blog', [
        { title: 'Older post', link: 'https://blog.example/old', date: 'Mon, 09 Nov 2026 08:00:00 GMT' },
        {
          title: 'Newest <post>',
          link: 'javascript:alert(1)',
          date: 'Sat, 21 Nov 2026 08:00:00 GMT',
          description: '<p>Body with <script>alert(1)</script><b>markup</b></p>',
        },
      ]),
    });
    reader = web.browser();
    await reader.signIn('reader@example.com');
  });

  afterAll(async () => {
    await site.stop();
    await web.close();
  });

  it('adds a feed by its site URL: discovery, a preview of the newest post, then the settings', async () => {
    const form = await reader.get('/feeds/add');
    expect(form.status).toBe(200);
    const found = await reader.post('/feeds/lookup', { url: site.url('/moved') });
    expect(found.status).toBe(200);
    expect(found.html).toContain(site.url('/feed.xml'));
    expect(found.html).toContain('<iframe class="email-frame" sandbox=""');
    expect(found.html).not.toContain('<script>alert');
    expect(found.headers.get('content-security-policy')).toMatch(/style-src 'self' 'unsafe-inline'/);
    expect(found.headers.get('content-security-policy')).toMatch(/script-src 'nonce-[^']+';/);
    const email = previewedEmail(found.html);
    expect(email).toMatch(/^<!doctype html>/i);
    expect(email).toContain('Newest &lt;post&gt;');
    expect(email).toMatch(/Body with\s*(<[^>]+>)*\s*markup/);
    expect(email).not.toMatch(/<script|javascript:/i);
    expect(email).toContain('You get this email because you subscribed to Example Blog with Tidings.');
    expect(await web.app.get(OutboxService).findByDedupKeys(['preview'])).toEqual([]);

    const saved = await reader.post('/feeds', {
      url: site.url('/feed.xml'),
      mode: 'daily',
      filter: 'recent',
      filterCount: '5',
      include: 'rust, "type theory"',
      exclude: 'crypto',
    });
    expect(saved.status).toBe(303);
    expect(saved.location).toBe('/feeds?notice=added');
    const list = await reader.get('/feeds');
    expect(list.html).toContain(site.url('/feed.xml'));
    expect(list.html).toContain('<span class="badge">daily</span>');
    expect(list.html).toContain('5 most recent');
    expect(list.html).toContain('only: rust, type theory');
    expect(list.html).toContain('never: crypto');
    expect(list.html).toContain('status-active');
    expect(list.html).toMatch(/Next poll<\/dt><dd>22 Nov 2026, 11:00/);

    const id = subscriptionId(list.html, site.url('/feed.xml'));
    const preview = await reader.get(`/feeds/${id}/preview`);
    expect(preview.status).toBe(200);
    expect(previewedEmail(preview.html)).toContain('Newest &lt;post&gt;');
    expect(preview.html).not.toContain('<script>alert');
    expect((await reader.get(`/feeds/${id}`)).headers.get('content-security-policy')).not.toContain(
      'unsafe-inline',
    );
  });

  it('lets the reader pick when a site has several feeds', async () => {
    const page = await reader.post('/feeds/lookup', { url: site.url('/two') });
    expect(page.html).toContain('several feeds');
    expect(page.html).toContain(`value="${site.url('/comments.xml')}"`);
  });

  it.each([
    ['file:///etc/passwd', 'not an http(s) URL'],
    ['not a url', 'is not a URL'],
    ['SITE/plain', 'No feed found'],
    ['SITE/missing', 'status 404'],
    ['http://127.0.0.1:1/', 'Could not fetch'],
  ])('explains why %s cannot be added', async (url, message) => {
    const page = await reader.post('/feeds/lookup', { url: url.replace('SITE', site.url('')) });
    expect(page.status).toBe(422);
    expect(page.html).toContain(message);
  });

  it('shows bad settings inline and stores nothing', async () => {
    const page = await reader.post('/feeds', {
      url: site.url('/other.xml'),
      mode: 'hourly',
      filter: 'random',
      filterCount: '1000',
      include: 'x'.repeat(201),
    });
    expect(page.status).toBe(422);
    expect(page.html).toContain('id="filterCount-error"');
    expect(page.html).toContain('at most 200 characters');
    expect(page.html).toMatch(/id="mode-error">[^<]+</);
    expect((await reader.get('/feeds')).html).not.toContain(site.url('/other.xml'));
  });

  it('changes one subscription’s settings and unsubscribes', async () => {
    await reader.post('/feeds', { url: site.url('/settings.xml'), mode: 'realtime' });
    const id = subscriptionId((await reader.get('/feeds')).html, site.url('/settings.xml'));
    const page = await reader.get(`/feeds/${id}`);
    expect(page.html).toContain('value="realtime" checked');
    const changed = await reader.post(`/feeds/${id}`, {
      mode: 'weekly',
      filter: 'random',
      filterCount: '3',
      fullText: 'on',
    });
    expect(changed.location).toBe(`/feeds/${id}?notice=saved`);
    const after = await reader.get(changed.location!);
    expect(after.html).toContain('value="weekly" checked');
    expect(after.html).toContain('name="fullText" checked');
    expect(after.html).toContain('Settings saved.');
    const bad = await reader.post(`/feeds/${id}`, { mode: 'weekly', filter: 'recent', filterCount: '4' });
    expect(bad.status).toBe(422);
    expect((await reader.get(`/feeds/${id}`)).html).toContain('<option value="random" selected>');

    expect((await reader.post(`/feeds/${id}/unsubscribe`)).location).toBe('/feeds?notice=removed');
    expect((await reader.get('/feeds')).html).not.toContain(site.url('/settings.xml'));
  });

  it('offers every cadence with its price per email, and keeps a monthly digest’s day', async () => {
    await reader.post('/feeds', { url: site.url('/cadence.xml'), mode: 'realtime' });
    const id = subscriptionId((await reader.get('/feeds')).html, site.url('/cadence.xml'));
    const page = (await reader.get(`/feeds/${id}`)).html;
    expect(page).toContain('One email per new post <span class="hint">(1 credit per post)</span>');
    expect(page).toContain(
      'A digest every 6 hours <span class="hint">(1 credit per email, shared by up to 5 feeds with new posts; at most 4 a day, none when nothing is new)</span>',
    );
    for (const mode of ['every-2h', 'every-4h', 'every-12h', 'daily', 'weekly', 'monthly'])
      expect(page).toContain(`value="${mode}"`);
    const monthly = await reader.post(`/feeds/${id}`, { mode: 'monthly', dayOfMonth: '31', filter: 'none' });
    expect(monthly.location).toBe(`/feeds/${id}?notice=saved`);
    const after = (await reader.get(`/feeds/${id}`)).html;
    expect(after).toContain('value="monthly" checked');
    expect(after).toContain('<dt>Delivery</dt><dd>Monthly digest on day 31</dd>');
    expect(after).toContain('name="dayOfMonth" type="number" min="1" max="31" value="31"');
    expect((await reader.get('/feeds')).html).toContain('<span class="badge">monthly on day 31</span>');
    const bad = await reader.post(`/feeds/${id}`, { mode: 'monthly', dayOfMonth: '32', filter: 'none' });
    expect(bad.status).toBe(422);
    expect(bad.html).toContain('id="dayOfMonth-error">expected a day of the month from 1 to 31<');
  });

  it('pauses and resumes one subscription, keeping its settings, and shows it paused', async () => {
    await reader.post('/feeds', { url: site.url('/pause.xml'), mode: 'daily' });
    const id = subscriptionId((await reader.get('/feeds')).html, site.url('/pause.xml'));
    const paused = await reader.post(`/feeds/${id}/pause`);
    expect(paused.location).toBe(`/feeds/${id}?notice=paused`);
    const page = (await reader.get(paused.location!)).html;
    expect(page).toContain('Paused. Nothing from this feed will be emailed until you resume.');
    expect(page).toContain('<span class="badge status-paused">paused</span> since');
    expect(page).toContain(`action="/feeds/${id}/resume"`);
    expect(page).toContain('value="daily" checked');
    expect((await reader.get('/feeds')).html).toContain('<span class="badge status-paused">paused</span>');

    expect((await reader.post(`/feeds/${id}/resume`)).location).toBe(`/feeds/${id}?notice=resumed`);
    expect((await reader.get(`/feeds/${id}`)).html).toContain(`action="/feeds/${id}/pause"`);
    expect((await reader.get('/feeds')).html).not.toContain('status-paused');
  });

  it('shows where a feed moved from, and offers to find a gone feed’s new address on its site', async () => {
    await reader.post('/feeds', { url: site.url('/moving.xml'), mode: 'realtime' });
    const id = subscriptionId((await reader.get('/feeds')).html, site.url('/moving.xml'));
    const user = await web.app.get(AccountsService).getByEmail('reader@example.com');
    const feed = (await web.app.get(FeedsService).subscriptionOfUser(user.id, id)).feed;
    const states = web.app.get(PollStateRepository);
    await states.record(feed.id, { movedFrom: site.url('/old-moving.xml'), movedAt: web.clock.now() });
    expect((await reader.get(`/feeds/${id}`)).html).toContain(`moved from ${site.url('/old-moving.xml')} on`);
    expect((await reader.get('/feeds')).html).toContain(`moved from ${site.url('/old-moving.xml')}`);

    await states.record(feed.id, { status: 'gone' });
    const gone = (await reader.get(`/feeds/${id}`)).html;
    expect(gone.replace(/&#x3D;/g, '=')).toContain(
      `<a href="/feeds/add?url=${encodeURIComponent(site.url('/'))}">Find the site’s new feed</a>`,
    );
  });

  it('answers 404 for another user’s subscription, for reading and for every change', async () => {
    await reader.post('/feeds', { url: site.url('/mine.xml'), mode: 'daily' });
    const id = subscriptionId((await reader.get('/feeds')).html, site.url('/mine.xml'));
    const other = web.browser();
    await other.signIn('other@example.com');
    await other.get('/feeds');
    expect((await other.get(`/feeds/${id}`)).status).toBe(404);
    expect((await other.post(`/feeds/${id}`, { mode: 'realtime' })).status).toBe(404);
    expect((await other.post(`/feeds/${id}/unsubscribe`)).status).toBe(404);
    expect((await other.post(`/feeds/${id}/pause`)).status).toBe(404);
    expect((await other.get(`/feeds/${id}/preview`)).status).toBe(404);
    expect((await reader.get(`/feeds/${id}/preview`)).html).toContain('answered with status 404');
    expect((await other.get('/feeds')).html).not.toContain(site.url('/mine.xml'));
    expect((await reader.get(`/feeds/${id}`)).html).toContain('value="daily" checked');
  });

  it('sends signed-out visitors to sign in, and pre-fills a publisher’s subscribe link', async () => {
    const stranger = web.browser();
    expect((await stranger.get('/feeds')).location).toBe('/signin');
    expect((await stranger.post('/feeds', { url: site.url('/x') })).status).toBe(303);

    const link = await reader.get(`/subscribe?url=${encodeURIComponent(site.url('/feed.xml'))}`);
    expect(link.location).toBe(`/feeds/add?url=${encodeURIComponent(site.url('/feed.xml'))}`);
    const form = await reader.get(link.location!);
    expect(form.html).toContain(`value="${site.url('/feed.xml')}"`);
    const hostile = await reader.get(`/feeds/add?url=${encodeURIComponent('"><script>alert(1)</script>')}`);
    expect(hostile.html).not.toContain('<script>alert');

    // A link with settings: they reach the settings form after the lookup, to be seen and changed.
    const feedUrl = site.url('/feed.xml');
    const withSettings = await reader.get(
      `/subscribe?url=${encodeURIComponent(feedUrl)}&mode=daily&subjectTag=Ars&includeWords=rust&utm_source=x`,
    );
    expect(withSettings.location).toBe(
      `/feeds/add?url=${encodeURIComponent(feedUrl)}&mode=daily&fullText=false&onUpdate=ignore&includeWords=%5B%22rust%22%5D&subjectTag=Ars`,
    );
    const carried = await reader.get(withSettings.location!);
    expect(carried.html).toContain('This link comes with settings');
    // The hidden field as a browser posts it: Handlebars' entities decoded.
    const settings = /name="settings" value="([^"]*)"/
      .exec(carried.html)![1]
      .replace(/&#x3D;/g, '=')
      .replace(/&amp;/g, '&');
    const preview = await reader.post('/feeds/lookup', { url: feedUrl, settings });
    expect(preview.html).toContain('value="daily" checked');
    expect(preview.html).toContain('value="Ars"');
    expect(preview.html).toContain('value="rust"');
    const invalid = await reader.get(`/subscribe?url=${encodeURIComponent(feedUrl)}&mode=hourly`);
    expect(invalid.location).toBe(`/feeds/add?url=${encodeURIComponent(feedUrl)}`);
  });

  it('imports and exports OPML', async () => {
    const upload = (xml: string) => {
      const form = new FormData();
      form.set('_csrf', reader.csrf);
      form.set('file', new Blob([xml], { type: 'text/x-opml' }), 'feeds.opml');
      return reader.post('/opml/import', {}, { body: form });
    };
    await reader.get('/opml');
    const imported = await upload(
      `<opml version="2.0"><body><outline text="Tech"><outline xmlUrl="${site.url('/a.xml')}"/>` +
        `<outline xmlUrl="${site.url('/feed.xml')}"/></outline><outline xmlUrl="file:///etc/passwd"/></body></opml>`,
    );
    expect(imported.status).toBe(200);
    expect(imported.html).toContain(
      'Imported 1 new feed; 1 was already in your list; 1 was not an http(s) address and was left out.',
    );
    expect((await upload('<opml><body><outline')).html).toContain('not a readable OPML file');
    expect((await upload('x'.repeat(6 * 1024 * 1024))).html).toContain('larger than 5 MB');

    await reader.get('/opml');
    const forged = new FormData();
    forged.set('file', new Blob(['<opml/>']), 'f.opml');
    expect((await reader.post('/opml/import', {}, { body: forged })).status).toBe(403);

    const exported = await reader.get('/opml/export');
    expect(exported.headers.get('content-disposition')).toMatch(/attachment; filename="tidings-feeds.opml"/);
    expect(exported.html).toContain('<opml version="2.0" xmlns:tidings=');
    expect(exported.html).toContain(`xmlUrl="${site.url('/a.xml')}"`);
  });

  it('updates the account settings, validated', async () => {
    await reader.get('/account');
    const saved = await reader.post('/account', {
      timezone: 'America/New_York',
      digestHour: '18',
      digestWeekday: '0',
    });
    expect(saved.location).toBe('/account?notice=saved');
    const page = await reader.get('/account');
    expect(page.html).toContain('<option selected>America/New_York</option>');
    expect(page.html).toContain('<option value="18" selected>18:00</option>');
    expect(page.html).toContain('<option value="0" selected>Sunday</option>');
    const budget = await reader.post('/account', {
      timezone: 'America/New_York',
      digestHour: '18',
      digestWeekday: '0',
      maxEmailsPerDay: '3',
      quietHours: '22:00-07:30',
    });
    expect(budget.location).toBe('/account?notice=saved');
    const withBudget = (await reader.get('/account')).html;
    expect(withBudget).toContain('name="maxEmailsPerDay" type="number" min="0" max="1000" value="3"');
    expect(withBudget).toContain('name="quietHours" value="22:00-07:30"');
    const badQuiet = await reader.post('/account', {
      timezone: 'America/New_York',
      digestHour: '18',
      digestWeekday: '0',
      maxEmailsPerDay: '3',
      quietHours: 'at night',
    });
    expect(badQuiet.status).toBe(422);
    expect(badQuiet.html).toContain(
      '<p class="field-error" id="quietHours-error">expected quiet hours such as 22:00-07:00, or off</p>',
    );
    expect(badQuiet.html).toContain('aria-invalid="true" aria-describedby="quietHours-error" autofocus');
    expect(badQuiet.html).not.toContain('quietHours:');
    expect(badQuiet.html).toContain('value="at night"');
    const bad = await reader.post('/account', {
      timezone: 'Nowhere/Land',
      digestHour: '25',
      digestWeekday: '9',
    });
    expect(bad.status).toBe(422);
    expect(bad.html).toContain(
      '<p class="field-error" id="timezone-error">expected an IANA timezone name such as Europe/Paris</p>',
    );
    expect(bad.html).toContain(
      '<p class="field-error" id="digestHour-error">expected an hour from 0 to 23</p>',
    );
    expect((await reader.get('/account')).html).toContain('<option selected>America/New_York</option>');
  });
});

function subscriptionId(html: string, url: string): string {
  const cards = html.split('<li class="card feed">');
  const card = cards.find((text) => text.includes(url));
  return /href="\/feeds\/([0-9A-Z]{26})"/.exec(card ?? '')![1];
}

/** The email HTML inside the preview frame's srcdoc attribute, unescaped as the browser reads it. */
function previewedEmail(page: string): string {
  const srcdoc = /<iframe [^>]*srcdoc="([^"]*)"/.exec(page)?.[1];
  if (srcdoc === undefined) throw new Error('no email preview on the page');
  const entities: Record<string, string> = {
    amp: '&',
    lt: '<',
    gt: '>',
    quot: '"',
    '#x27': "'",
    '#x60': '`',
    '#x3D': '=',
  };
  return srcdoc.replace(/&(amp|lt|gt|quot|#x27|#x60|#x3D);/g, (_, name: string) => entities[name]);
}
