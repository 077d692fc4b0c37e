import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Browser } from 'playwright-core';
import { launchChromium } from '../support/browser';
import { ServerProcess, startServerProcess } from '../support/server-process';

const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
const FORGED_UNSUBSCRIBE = '/unsubscribe/eyJ1IjoiMDEifQ.forgedsignatureAAAAAAAAA';
const UNKNOWN_SIGN_IN = `/signin/${'x'.repeat(43)}`;

/** What a reader sees when a link from an email is refused: a page for a person, never raw JSON. */
describe('refused links in a browser', () => {
  let server: ServerProcess;
  let browser: Browser;

  beforeAll(async () => {
    const install = mkdtempSync(join(tmpdir(), 'tidings-links-'));
    server = await startServerProcess(
      { DATABASE_URL: `sqlite:${join(install, 'tidings.db')}` },
      60_000,
      install,
    );
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it.each([
    [FORGED_UNSUBSCRIBE, 400, /This unsubscribe link is not valid/, 'Sign in to manage your feeds'],
    [UNKNOWN_SIGN_IN, 404, /This sign-in link is not valid/, 'Ask for a new sign-in link'],
  ])('%s answers %i with a styled page saying why and what to do', async (path, status, why, next) => {
    const page = await browser.newPage();
    const foreign: string[] = [];
    page.on('request', (request) => {
      if (!request.url().startsWith(server.baseUrl)) foreign.push(request.url());
    });
    const response = await page.goto(`${server.baseUrl}${path}`);
    expect(response?.status()).toBe(status);
    expect(response?.headers()['content-type']).toMatch(/^text\/html/);
    const text = await page.locator('body').innerText();
    expect(text).toMatch(why);
    expect(text).toMatch(/Open it again from the email/);
    expect(text).not.toMatch(/[{}"]|ValidationError|statusCode/);
    expect(await page.getByRole('alert').isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: next }).getAttribute('href')).toBe('/signin');
    const font = await page.evaluate(() => getComputedStyle(document.body).fontFamily);
    expect(font).toMatch(/^system-ui/);
    expect(foreign).toEqual([]);
    await page.close();
  });

  it('answers a refused one-click POST from a browser with the page too', async () => {
    const page = await browser.newPage();
    await page.setContent(
      `<form method="post" action="${server.baseUrl}${FORGED_UNSUBSCRIBE}"><button>Unsubscribe</button></form>`,
    );
    const [response] = await Promise.all([page.waitForNavigation(), page.click('button')]);
    expect(response?.status()).toBe(400);
    expect(await page.locator('h1').innerText()).toBe('That did not work');
    await page.close();
  });

  it('keeps JSON for programs that ask for it', async () => {
    for (const accept of ['application/json', '*/*']) {
      const response = await fetch(`${server.baseUrl}${FORGED_UNSUBSCRIBE}`, { headers: { accept } });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        error: 'RefusedLinkError',
        message: expect.stringMatching(/This unsubscribe link is not valid/),
      });
    }
    const page = await fetch(`${server.baseUrl}${FORGED_UNSUBSCRIBE}`, {
      headers: { accept: BROWSER_ACCEPT },
    });
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const missing = await fetch(`${server.baseUrl}/no/such/page`, { headers: { accept: BROWSER_ACCEPT } });
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('<h1>Not found</h1>');
  });
});
