import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Browser } from 'playwright-core';
import { launchChromium } from '../support/browser';
import PostalMime, { Email } from 'postal-mime';
import { runTidings } from '../support/cli';
import { freePort, ServerProcess, startServerProcess } from '../support/server-process';

const README = readFileSync(join(__dirname, '..', '..', 'README.md'), 'utf8');
/** The commands of the README's walkthrough: the shell block after "with `npm start` running". */
function walkthroughLines(): string[] {
  const block = /with `npm start` running[^\n]*\n+```sh\n([\s\S]*?)```/.exec(README);
  if (!block) throw new Error('the README has no walkthrough after "with `npm start` running"');
  return block[1]
    .split('\n')
    .map((line) => line.replace(/\s+#.*$/, '').trim())
    .filter(Boolean);
}

/**
 * The README's quick start followed as written, on a fresh folder with the default settings: the service
 * (`npm start`'s `dist/src/main.js`) and each `node bin/tidings.js` line run as separate processes in that
 * folder, without SECRET_KEY, so they share nothing but `./data`. The only change: a free port instead of
 * 3000, so PORT and PUBLIC_URL name it. The email lands in `./data/outbox/`; its unsubscribe link is
 * opened in Chromium.
 */
describe('the README walkthrough, literally', () => {
  let folder: string;
  let port: number;
  let server: ServerProcess;
  let browser: Browser;
  const env = () => ({
    PORT: String(port),
    PUBLIC_URL: `http://localhost:${port}`,
    MAIL_FROM: 'Tidings <tidings@localhost>',
  });

  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'tidings-walkthrough-'));
    port = await freePort();
    // `npm start` with the defaults: the service may not fetch from this machine.
    server = await startServerProcess(
      { ...env(), LOG_LEVEL: 'info', FETCH_ALLOW_PRIVATE: 'false' },
      120_000,
      folder,
    );
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(folder, { recursive: true, force: true });
  });

  it('ends with an emailed post whose unsubscribe link works in the browser', async () => {
    const exported: Record<string, string> = {};
    let listed: string[] = [];
    for (const line of walkthroughLines()) {
      const words = line.replace('localhost:3000', `localhost:${port}`).split(/\s+/);
      if (words[0] === 'export') {
        const [name, value] = words[1].split('=');
        exported[name] = value;
      } else if (words[0] === 'node' && words[1] === 'bin/tidings.js') {
        // A user's terminal: LOG_LEVEL and FETCH_ALLOW_PRIVATE at their defaults unless the README exports them.
        const terminal = { LOG_LEVEL: 'info', FETCH_ALLOW_PRIVATE: 'false', ...env(), ...exported };
        const result = await runTidings(words.slice(2), terminal, folder);
        expect({ line, ...result }).toMatchObject({ line, code: 0, stderr: '' });
      } else if (line === 'ls data/outbox/') {
        listed = readdirSync(join(folder, 'data', 'outbox'));
      } else throw new Error(`the test does not know how to run "${line}"`);
    }
    expect(exported).toEqual({ FETCH_ALLOW_PRIVATE: 'true' });

    const emails: Email[] = await Promise.all(
      listed.map((file) => PostalMime.parse(readFileSync(join(folder, 'data', 'outbox', file)))),
    );
    const posts = emails.filter((email) => email.subject?.startsWith('Demo post'));
    expect(posts).toHaveLength(1);
    const [post] = posts;
    expect(post.to?.[0].address).toBe('you@example.com');
    expect(post.from).toMatchObject({ name: 'Tidings demo', address: 'tidings@localhost' });
    const unsubscribeUrl = /href="(http:\/\/localhost:\d+\/unsubscribe\/[^"]+)"/.exec(post.html ?? '')?.[1];
    expect(unsubscribeUrl).toBeDefined();

    const page = await browser.newPage();
    try {
      await page.goto(unsubscribeUrl!);
      expect(await page.locator('h1').textContent()).toBe('Unsubscribe?');
      await page.getByRole('button', { name: 'Unsubscribe' }).click();
      await page.locator('h1', { hasText: /^Unsubscribed$/ }).waitFor();
      expect(await page.locator('body').textContent()).toContain('You are unsubscribed');
    } finally {
      await page.close();
    }
    const shown = await runTidings(['users', 'show', 'you@example.com', '--json'], env(), folder);
    expect(JSON.parse(shown.stdout)).toMatchObject({ subscriptions: [] });
    // Six processes one after another: a bound for a loaded machine, not a measure.
  }, 600_000);
});
