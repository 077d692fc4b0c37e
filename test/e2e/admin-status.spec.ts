import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium } from '../support/browser';
import { AccountsService } from '../../src/accounts/accounts.service';
import { BillingService } from '../../src/billing/billing.service';
import { FeedsService } from '../../src/feeds/feeds.service';
import { PollService } from '../../src/fetcher/poll.service';
import { OutboxService } from '../../src/mail/outbox.service';
import { runTidings } from '../support/cli';
import { FeedServer, rssFeed } from '../support/feed-server';
import { signInLinksTo, waitForSignInLink } from '../support/outbox-files';
import { freePort, ServerProcess, startServerProcess } from '../support/server-process';
import { createTestApp } from '../support/test-app';
import { createTestDatabase, TestDatabase } from '../support/test-database';

/**
 * The admin status page in Chromium, against the built app on SQLite, after real polls (one feed
 * answering 500), a real held email (a reader without credits) and a real bounce (a suppression).
 */
describe('the admin status page in Chromium', () => {
  let site: FeedServer;
  let database: TestDatabase;
  let outboxDir: string;
  let server: ServerProcess;
  let browser: Browser;
  let env: Record<string, string>;

  beforeAll(async () => {
    site = await new FeedServer().start();
    site.set('/broken.xml', { status: 500, body: 'upstream exploded' });
    const post = (n: number) => ({
      title: `Post ${n}`,
      link: `https://blog.example/${n}`,
      date: `Sat, 21 Nov 2026 0${n}:00:00 GMT`,
    });
    site.set('/fine.xml', { body: rssFeed('Fine', [post(1)]) });
    database = await createTestDatabase('sqlite');
    outboxDir = mkdtempSync(join(tmpdir(), 'tidings-admin-outbox-'));
    env = {
      DATABASE_URL: database.url,
      MAIL_OUTBOX_DIR: outboxDir,
      SECRET_KEY: 'an end-to-end secret key',
      MAIL_FROM: 'news@tidings.test',
    };
    expect((await runTidings(['users', 'add', 'boss@example.com', '--role', 'admin'], env)).code).toBe(0);

    const writer = await createTestApp('sqlite', { ...env, FETCH_HOST_GAP_MS: '0' }, { database });
    const accounts = writer.app.get(AccountsService);
    const feeds = writer.app.get(FeedsService);
    const polls = writer.app.get(PollService);
    const outbox = writer.app.get(OutboxService);
    const reader = await accounts.addUser({ email: 'broke.reader@example.com' });
    const payer = await accounts.addUser({ email: 'payer@example.com' });
    await writer.app.get(BillingService).grantStarterCredits(payer.id, 5);
    await feeds.subscribe(reader.id, site.url('/fine.xml'), { mode: 'realtime' });
    await feeds.subscribe(reader.id, site.url('/broken.xml'), { mode: 'daily' });
    await polls.pollDue({ all: true });
    site.set('/fine.xml', { body: rssFeed('Fine', [post(2), post(1)]) });
    await polls.pollDue({ all: true });
    await outbox.flush();
    await outbox.enqueue({
      dedupKey: 'admin-e2e:bounce',
      userId: payer.id,
      kind: 'sign-in',
      to: 'gone.mailbox@example.com',
      subject: 'Hello',
      html: '<p>Hello</p>',
      text: 'Hello',
    });
    const [bounced] = await outbox.recentEmailsOf(payer.id, 1);
    await outbox.recordBounce(bounced.id, '550 5.1.1 no such user');
    await writer.close();

    const port = String(await freePort());
    server = await startServerProcess({ ...env, PORT: port, PUBLIC_URL: `http://127.0.0.1:${port}` });
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await site.stop();
    await database.drop();
    rmSync(outboxDir, { recursive: true, force: true });
  });

  async function signIn(email: string): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser.newContext({ timezoneId: 'UTC' });
    const page = await context.newPage();
    const after = (await signInLinksTo(outboxDir, email)).length;
    await page.goto(`${server.baseUrl}/signin`);
    await page.getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
    await page.getByRole('heading', { name: 'Check your inbox' }).waitFor();
    const link = await waitForSignInLink(outboxDir, email, after);
    await page.goto(`${server.baseUrl}${new URL(link).pathname}`);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${server.baseUrl}/feeds`);
    return { context, page };
  }

  it('shows an admin the figures, failing feeds, held mail and suppressions, lifts one, finds a user', async () => {
    const { context, page } = await signIn('boss@example.com');
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.getByRole('link', { name: 'Status' }).click();
    await page.getByRole('heading', { name: 'Status', level: 1 }).waitFor();

    const figure = (label: string) =>
      page.locator('dl.figures dt', { hasText: label }).locator('xpath=following-sibling::dd[1]').innerText();
    await expect(figure('Users')).resolves.toBe('3');
    await expect(figure('Feeds')).resolves.toBe('1 active, 1 broken, 0 gone');
    // Sent: the sign-in links, the low-balance notice and the broken-feed notice.
    await expect(figure('Emails')).resolves.toMatch(
      /^\d+ sent, 0 waiting to send, 1 held for credits, 0 suppressed, 1 failed$/,
    );
    // 100 starter credits of the CLI's `users add`, 5 granted to the payer.
    await expect(figure('Credits')).resolves.toBe('105 granted or bought, 0 spent');

    const failing = page.getByRole('region', { name: 'Failing feeds' });
    await expect(
      failing
        .getByRole('row', { name: new RegExp(site.url('/broken.xml').replace(/[.]/g, '\\.')) })
        .innerText(),
    ).resolves.toMatch(/500/);

    const waiting = page.getByRole('region', { name: 'Emails that wait longest' });
    await expect(
      waiting.getByRole('row', { name: /broke\.reader@example\.com/ }).innerText(),
    ).resolves.toMatch(/Post 2[\s\S]*credits cannot pay/);

    const suppressions = page.getByRole('region', { name: 'Suppressed addresses' });
    await expect(
      suppressions.getByRole('row', { name: /gone\.mailbox@example\.com/ }).innerText(),
    ).resolves.toMatch(/550 5\.1\.1 no such user/);
    await suppressions
      .getByRole('button', { name: 'Lift the suppression of gone.mailbox@example.com' })
      .click();
    await page.waitForURL(`${server.baseUrl}/admin?notice=lifted`);
    await page.getByRole('status').getByText('Suppression lifted').waitFor();
    await expect(
      page
        .getByRole('region', { name: 'Suppressed addresses' })
        .getByText('No address is suppressed.')
        .isVisible(),
    ).resolves.toBe(true);

    await page.getByLabel('Email address, or part of it').fill('BROKE');
    await page.getByRole('button', { name: 'Search' }).click();
    const found = page.getByRole('article', { name: 'broke.reader@example.com' });
    await found.waitFor();
    await expect(found.innerText()).resolves.toMatch(/0 credits/);
    const subscriptions = await found.getByRole('listitem').allInnerTexts();
    expect(subscriptions.sort()).toEqual([
      `${site.url('/broken.xml')} (daily)`,
      `${site.url('/fine.xml')} (realtime)`,
    ]);
    await expect(found.getByRole('row', { name: /Post 2/ }).innerText()).resolves.toMatch(/held/);

    // Hostile searches: a LIKE wildcard matches itself only, markup stays text, too long is refused.
    for (const query of ['%', '_', '<script>alert(1)</script>']) {
      await page.goto(`${server.baseUrl}/admin?q=${encodeURIComponent(query)}`);
      await page.getByText(`No user's address contains “${query}”.`).waitFor();
    }
    const tooLong = await page.goto(`${server.baseUrl}/admin?q=${'a'.repeat(400)}`);
    expect(tooLong!.status()).toBe(400);
    await page.getByText('search: at most 320 characters').waitFor();
    const csrf = await page.locator('input[name="_csrf"]').first().inputValue();
    for (const address of ['', ' ', 'x'.repeat(400)]) {
      const lift = await page.request.post(`${server.baseUrl}/admin/suppressions/lift`, {
        form: { _csrf: csrf, address },
        maxRedirects: 0,
      });
      expect(lift.status()).toBe(400);
    }
    // Without its form token a lift is refused as every form is (README: 403).
    const tokenless = await page.request.post(`${server.baseUrl}/admin/suppressions/lift`, {
      form: { address: 'gone.mailbox@example.com' },
      maxRedirects: 0,
    });
    expect(tokenless.status()).toBe(403);
    await expect(tokenless.text()).resolves.toMatch(/This form has expired or did not come from Tidings/);
    expect(dialogs).toEqual([]);
    await context.close();
  });

  it('refuses everyone else: no link, 404 for the page and for lifting', async () => {
    const { context, page } = await signIn('payer@example.com');
    await expect(page.getByRole('link', { name: 'Status' }).count()).resolves.toBe(0);
    const response = await page.goto(`${server.baseUrl}/admin`);
    expect(response!.status()).toBe(404);
    await expect(page.content()).resolves.not.toMatch(/Failing feeds|broke\.reader/);
    await page.goto(`${server.baseUrl}/account`);
    const csrf = await page.locator('input[name="_csrf"]').first().inputValue();
    const lift = await page.request.post(`${server.baseUrl}/admin/suppressions/lift`, {
      form: { _csrf: csrf, address: 'gone.mailbox@example.com' },
      maxRedirects: 0,
    });
    expect(lift.status()).toBe(404);
    await context.close();

    const stranger = await browser.newContext();
    const anonymous = await stranger.newPage();
    const page404 = await anonymous.goto(`${server.baseUrl}/admin`, { waitUntil: 'commit' });
    expect([page404!.status(), new URL(anonymous.url()).pathname]).toEqual([404, '/admin']);
    await anonymous.goto(`${server.baseUrl}/signin`);
    const anonymousCsrf = await anonymous.locator('input[name="_csrf"]').first().inputValue();
    const anonymousLift = await anonymous.request.post(`${server.baseUrl}/admin/suppressions/lift`, {
      form: { _csrf: anonymousCsrf, address: 'gone.mailbox@example.com' },
      maxRedirects: 0,
    });
    expect(anonymousLift.status()).toBe(404);
    const anonymousTokenless = await anonymous.request.post(`${server.baseUrl}/admin/suppressions/lift`, {
      form: { address: 'gone.mailbox@example.com' },
      maxRedirects: 0,
    });
    expect(anonymousTokenless.status()).toBe(403);
    await stranger.close();
  });
});
