import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Browser, chromium, Page } from 'playwright-core';
import { FeedServer, rssFeed } from '../support/feed-server';
import { waitForSignInLink } from '../support/outbox-files';
import { ServerProcess, startServerProcess } from '../support/server-process';
import { createTestDatabase, TestDatabase } from '../support/test-database';

const SCREENSHOTS = join(__dirname, 'screenshots');
const CHROMIUM_ARGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Debian's Chromium drives the built app on SQLite, with a loopback site and the file outbox. */
describe('the dashboard in Chromium', () => {
  let site: FeedServer;
  let database: TestDatabase;
  let outboxDir: string;
  let server: ServerProcess;
  let browser: Browser;

  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    site = await new FeedServer().start();
    site.set('/', {
      headers: { 'content-type': 'text/html; charset=utf-8' },
      body:
        '<!doctype html><html><head><title>Example Blog</title>' +
        '<link rel="alternate" type="application/rss+xml" title="Posts" href="/feed.xml"></head><body>Hi</body></html>',
    });
    site.set('/feed.xml', {
      body: rssFeed('Example Blog', [
        {
          title: 'Rust and type theory, a love story',
          link: 'https://blog.example/rust',
          date: 'Sat, 21 Nov 2026 08:00:00 GMT',
          description: '<p>Why the borrow checker is <em>kind</em>.</p>',
        },
      ]),
    });
    database = await createTestDatabase('sqlite');
    outboxDir = mkdtempSync(join(tmpdir(), 'tidings-e2e-outbox-'));
    server = await startServerProcess({
      DATABASE_URL: database.url,
      MAIL_OUTBOX_DIR: outboxDir,
      SECRET_KEY: 'an end-to-end secret key',
    });
    browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await site.stop();
    await database.drop();
    rmSync(outboxDir, { recursive: true, force: true });
  });

  const shoot = (page: Page, name: string) =>
    page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });

  it('signs up by link, adds a feed by its site URL, makes it a daily digest with a keyword filter', async () => {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      timezoneId: 'Europe/Paris',
    });
    const page = await context.newPage();
    const foreignRequests: string[] = [];
    page.on('request', (request) => {
      if (!request.url().startsWith(server.baseUrl)) foreignRequests.push(request.url());
    });

    await page.goto(`${server.baseUrl}/signin`);
    await expect(page.locator('#timezone').inputValue()).resolves.toBe('Europe/Paris');
    await shoot(page, 'signin-desktop');
    await page.getByLabel('Email address').fill('chromium@example.com');
    await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
    await page.getByRole('heading', { name: 'Check your inbox' }).waitFor();

    const link = await waitForSignInLink(outboxDir, 'chromium@example.com');
    await page.goto(`${server.baseUrl}${new URL(link).pathname}`);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${server.baseUrl}/feeds`);
    await page.getByRole('heading', { name: 'Your feeds' }).waitFor();

    await page.getByLabel("Add a feed: its address, or a website's").fill(site.url('/'));
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByRole('button', { name: 'Find the feed' }).click();
    await page.getByText('Rust and type theory, a love story').waitFor();
    await expect(page.getByText('Why the borrow checker is kind.').isVisible()).resolves.toBe(true);
    await shoot(page, 'feed-add-preview-desktop');

    await page.getByLabel('Daily digest').check();
    await page.getByLabel('Only posts with one of these words').fill('rust, "type theory"');
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await page.waitForURL(`${server.baseUrl}/feeds?notice=added`);
    const card = page.locator('li.feed', { hasText: site.url('/feed.xml') });
    await expect(card.getByText('daily', { exact: true }).isVisible()).resolves.toBe(true);
    await expect(card.getByText('only: rust, type theory').isVisible()).resolves.toBe(true);
    await shoot(page, 'feeds-desktop');

    await card.getByRole('link').first().click();
    await page.getByRole('heading', { name: 'Settings' }).waitFor();
    await expect(page.getByLabel('Daily digest').isChecked()).resolves.toBe(true);
    await expect(page.getByLabel('Only posts with one of these words').inputValue()).resolves.toBe(
      'rust, "type theory"',
    );
    await shoot(page, 'subscription-desktop');

    await page.getByRole('link', { name: 'Account' }).click();
    await page.getByRole('heading', { name: 'Your account' }).waitFor();
    await expect(page.locator('#timezone').inputValue()).resolves.toBe('Europe/Paris');
    await shoot(page, 'account-desktop');

    await page.setViewportSize({ width: 390, height: 844 });
    for (const [path, name] of [
      ['/feeds', 'feeds-phone'],
      ['/account', 'account-phone'],
    ]) {
      await page.goto(`${server.baseUrl}${path}`);
      const overflow = await page.evaluate<number>(
        'document.documentElement.scrollWidth - window.innerWidth',
      );
      expect(overflow).toBeLessThanOrEqual(0);
      await shoot(page, name);
    }
    expect(foreignRequests).toEqual([]);
    await context.close();
  });
});
