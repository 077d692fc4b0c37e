import { testDialects } from '../../support/test-database';
import { signInLinksTo } from '../../support/outbox-files';
import { createWebTestApp, WebTestApp } from '../../support/web-app';

describe.each(testDialects())('dashboard sign-in on %s', (dialect) => {
  let web: WebTestApp;

  beforeAll(async () => {
    web = await createWebTestApp(dialect);
  });

  afterAll(() => web.close());

  // Each test starts a fresh rate-limit window.
  beforeEach(() => web.clock.advance(16 * 60_000));

  it('signs up through the emailed link: a confirm page, then a signed HttpOnly session cookie', async () => {
    const browser = web.browser();
    const form = await browser.get('/signin');
    expect(form.status).toBe(200);
    expect(form.html).toContain('<label for="email">');
    expect(form.headers.get('content-security-policy')).toMatch(/default-src 'none'/);

    const sent = await browser.post('/signin', { email: ' New.Reader@Example.com ', timezone: 'Asia/Tokyo' });
    expect(sent.status).toBe(200);
    expect(sent.html).toContain('new.reader@example.com');
    const link = await browser.waitForSignInLink('new.reader@example.com');
    const path = new URL(link).pathname;

    // A link scanner only GETs: that must not use the link up.
    expect((await web.browser().get(path)).status).toBe(200);
    const confirm = await browser.get(path);
    expect(confirm.html).toContain(`action="${path}"`);

    const done = await browser.post(path);
    expect(done.status).toBe(303);
    expect(done.location).toBe('/feeds');
    const cookie = done.headers.getSetCookie().find((value) => value.startsWith('tidings_session='))!;
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    expect(cookie).not.toMatch(/Secure/);

    const feeds = await browser.get('/feeds');
    expect(feeds.status).toBe(200);
    expect(feeds.html).toContain('Signed in as new.reader@example.com');
    const account = await browser.get('/account');
    expect(account.html).toContain('<option selected>Asia/Tokyo</option>');
  });

  it('refuses a link used twice, and one past its 30 minutes', async () => {
    const first = web.browser();
    expect((await first.signIn('twice@example.com')).status).toBe(303);
    const [link] = await signInLinksTo(web.outboxDir, 'twice@example.com');
    const path = new URL(link).pathname;

    const second = web.browser();
    expect((await second.get(path)).status).toBe(410);
    await second.get('/signin');
    const reused = await second.post(path);
    expect(reused.status).toBe(410);
    expect(reused.html).toContain('used already');
    expect(second.cookies.has('tidings_session')).toBe(false);

    const late = web.browser();
    await late.get('/signin');
    await late.post('/signin', { email: 'late@example.com', timezone: 'UTC' });
    const lateLink = new URL(await late.waitForSignInLink('late@example.com')).pathname;
    web.clock.advance(31 * 60_000);
    expect((await late.get(lateLink)).html).toContain('has expired');
    await late.get('/signin');
    expect((await late.post(lateLink)).status).toBe(410);

    const unknown = await late.get(`/signin/${'x'.repeat(43)}`);
    expect(unknown.status).toBe(404);
    expect(unknown.html).toContain('not valid');
  });

  it('uses a link exactly once when many tabs confirm it at once', async () => {
    const browser = web.browser();
    await browser.get('/signin');
    await browser.post('/signin', { email: 'race@example.com', timezone: 'UTC' });
    const path = new URL(await browser.waitForSignInLink('race@example.com')).pathname;
    const tabs = Array.from({ length: 10 }, () => web.browser());
    await Promise.all(tabs.map((tab) => tab.get(path)));
    const results = await Promise.all(tabs.map((tab) => tab.post(path)));
    expect(results.map((result) => result.status).sort()).toEqual([303, ...Array(9).fill(410)]);
  });

  it('rejects a POST without the CSRF field, or with another browser’s', async () => {
    const attacker = web.browser();
    await attacker.get('/signin');
    const victim = web.browser();
    await victim.get('/signin');

    const missing = await victim.post('/signin', { email: 'v@example.com', timezone: 'UTC', _csrf: '' });
    expect(missing.status).toBe(403);
    const foreign = await victim.post('/signin', {
      email: 'v@example.com',
      timezone: 'UTC',
      _csrf: attacker.csrf,
    });
    expect(foreign.status).toBe(403);
    expect(foreign.html).toContain('did not come from Tidings');
    expect(await signInLinksTo(web.outboxDir, 'v@example.com')).toEqual([]);

    await victim.signIn('victim@example.com');
    const before = (await victim.get('/account')).html;
    expect(before).toContain('<option selected>Europe/Paris</option>');
    const forged = await victim.post('/account', {
      timezone: 'Asia/Tokyo',
      digestHour: '3',
      digestWeekday: '2',
      _csrf: attacker.csrf,
    });
    expect(forged.status).toBe(403);
    expect((await victim.get('/account')).html).toContain('<option selected>Europe/Paris</option>');
  });

  it('limits sign-in links per address (5) and per IP (20) in 15 minutes', async () => {
    const browser = web.browser();
    await browser.get('/signin');
    const ask = (email: string) => browser.post('/signin', { email, timezone: 'UTC' });
    for (let i = 0; i < 5; i += 1) expect((await ask('busy@example.com')).status).toBe(200);
    const refused = await ask('BUSY@example.com');
    expect(refused.status).toBe(429);
    expect(refused.html).toContain('Too many sign-in links');

    for (let i = 0; i < 14; i += 1) expect((await ask(`other${i}@example.com`)).status).toBe(200);
    expect((await ask('one-more@example.com')).status).toBe(429);

    web.clock.advance(15 * 60_000 + 1);
    expect((await ask('busy@example.com')).status).toBe(200);
  });

  it('lets exactly 5 of 20 simultaneous requests for one address through', async () => {
    const browser = web.browser();
    await browser.get('/signin');
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        browser.post('/signin', { email: 'burst@example.com', timezone: 'UTC' }),
      ),
    );
    const statuses = results.map((result) => result.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(15);
  });

  it('shows bad input inline and sends nothing', async () => {
    const browser = web.browser();
    await browser.get('/signin');
    const huge = await browser.post('/signin', { email: 'a'.repeat(300_000), timezone: 'UTC' });
    expect(huge.status).toBe(413);
    for (const [email, timezone, message] of [
      ['not-an-email', 'UTC', 'expected an email address'],
      ['a@example.com', 'Mars/Base', 'IANA timezone'],
      ['<script>@x', 'UTC', 'expected an email address'],
    ]) {
      const page = await browser.post('/signin', { email, timezone });
      expect(page.status).toBe(400);
      expect(page.html).toContain(message);
      expect(page.html).not.toContain('<script>@x');
    }
  });

  it('signs out, and ignores a session cookie that is forged or unknown', async () => {
    const browser = web.browser();
    await browser.signIn('leaving@example.com');
    await browser.get('/feeds');
    const out = await browser.post('/signout');
    expect(out.location).toBe('/signin');
    expect(browser.cookies.has('tidings_session')).toBe(false);
    expect((await browser.get('/feeds')).location).toBe('/signin');

    const forger = web.browser();
    forger.cookies.set('tidings_session', 'made-up.signature');
    expect((await forger.get('/feeds')).status).toBe(303);
  });
});

describe('dashboard cookies behind HTTPS', () => {
  it('marks cookies Secure when PUBLIC_URL is https', async () => {
    const web = await createWebTestApp('sqlite', { PUBLIC_URL: 'https://tidings.example' });
    try {
      const page = await web.browser().get('/signin');
      expect(page.headers.getSetCookie()[0]).toMatch(/; HttpOnly; SameSite=Lax; Secure$/);
    } finally {
      await web.close();
    }
  });
});
