import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Browser, Page } from 'playwright-core';
import { launchChromium } from '../support/browser';
import { FeedServer, rssFeed } from '../support/feed-server';
import { waitForSignInLink } from '../support/outbox-files';
import { freePort, ServerProcess, startServerProcess } from '../support/server-process';
import { StripeApiStub } from '../support/stripe-api-stub';
import { checkoutSessionEvent, signEvent, WEBHOOK_SECRET } from '../support/stripe-events';
import { createTestDatabase, TestDatabase } from '../support/test-database';

const SCREENSHOTS = join(__dirname, 'screenshots');
/**
 * Debian's Chromium drives the built app on SQLite, with a loopback site, the file outbox, and a
 * loopback stand-in for Stripe's API and Checkout page.
 */
describe('the dashboard in Chromium', () => {
  let site: FeedServer;
  let database: TestDatabase;
  let outboxDir: string;
  let server: ServerProcess;
  let stripe: StripeApiStub;
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
    stripe = await new StripeApiStub({ servesCheckout: true }).start();
    const port = String(await freePort());
    server = await startServerProcess({
      PORT: port,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATABASE_URL: database.url,
      MAIL_OUTBOX_DIR: outboxDir,
      SECRET_KEY: 'an end-to-end secret key',
      STRIPE_SECRET_KEY: 'sk_test_e2e',
      STRIPE_API_BASE: stripe.url,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    });
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await stripe?.stop();
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
    const email = page.frameLocator('iframe.email-frame');
    await email.getByRole('article').locator('p', { hasText: 'Why the borrow checker is' }).waitFor();
    await expect(
      email.getByRole('link', { name: 'Rust and type theory, a love story' }).count(),
    ).resolves.toBe(1);
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

    const successPath = await buyCredits(page);

    await page.setViewportSize({ width: 390, height: 844 });
    for (const [path, name] of [
      ['/feeds', 'feeds-phone'],
      ['/account', 'account-phone'],
      ['/credits', 'credits-phone'],
      [successPath, 'checkout-success-phone'],
    ]) {
      await page.goto(`${server.baseUrl}${path}`);
      const overflow = await page.evaluate<number>(
        'document.documentElement.scrollWidth - window.innerWidth',
      );
      expect(overflow).toBeLessThanOrEqual(0);
      await shoot(page, name);
    }
    // The only other origin visited is the Checkout stand-in, as a top-level page: nothing is fetched from elsewhere.
    expect(foreignRequests).toEqual([
      expect.stringMatching(new RegExp(`^${stripe.url}/c/pay/cs_test_stub_1$`)),
    ]);
    await context.close();
  });

  /** Credits → Buy → the Checkout stand-in → back on the success page, which waits for the signed webhook. */
  async function buyCredits(page: Page): Promise<string> {
    await page.getByRole('link', { name: /^Credits/ }).click();
    await page.getByRole('heading', { name: 'Credits', exact: true }).waitFor();
    await expect(page.locator('.nav-balance').textContent()).resolves.toBe('100');
    await expect(page.getByText('Starter credits for a new account').isVisible()).resolves.toBe(true);
    await shoot(page, 'credits-desktop');

    await page.getByRole('button', { name: 'Buy 1,000 credits for €5.00' }).click();
    await page.getByRole('heading', { name: 'Pay' }).waitFor();
    await page.getByRole('link', { name: 'Pay and return' }).click();
    await page.getByRole('heading', { name: 'Waiting for confirmation' }).waitFor();
    await shoot(page, 'checkout-waiting-desktop');

    const [checkout] = stripe.requests;
    const { payload, signature } = signEvent(
      checkoutSessionEvent('checkout.session.completed', {
        sessionId: 'cs_test_stub_1',
        userId: checkout.form.get('metadata[userId]')!,
        credits: 1000,
      }),
      { at: new Date() },
    );
    const webhook = await fetch(`${server.baseUrl}/billing/stripe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body: payload,
    });
    expect(webhook.status).toBe(200);
    // No reload by the test: the page's own meta refresh brings the confirmation.
    await page.getByRole('heading', { name: 'Payment received' }).waitFor();
    await expect(page.getByText('Payment received, credits added: 1,000 credits').isVisible()).resolves.toBe(
      true,
    );
    await expect(page.locator('.nav-balance').textContent()).resolves.toBe('1,100');
    await shoot(page, 'checkout-success-desktop');
    const successPath = new URL(page.url()).pathname + new URL(page.url()).search;
    expect(successPath).toBe('/credits/success?session_id=cs_test_stub_1');

    await page.getByRole('link', { name: 'Back to your credits' }).click();
    await expect(page.locator('.balance strong').textContent()).resolves.toBe('1,100');
    await expect(page.getByText('Bought with Stripe Checkout').isVisible()).resolves.toBe(true);
    return successPath;
  }
});
