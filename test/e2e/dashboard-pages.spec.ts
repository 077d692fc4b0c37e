import { Browser, BrowserContext, Page } from 'playwright-core';
import { AccountsService } from '../../src/accounts/accounts.service';
import { axeFindings, contrastRatio, horizontalOverflow, launchChromium } from '../support/browser';
import { FeedServer, rssFeed } from '../support/feed-server';
import { createWebTestApp, WebClient, WebTestApp } from '../support/web-app';

const SUPPORT_SECRET = 'dashboard-pages-support-secret-0123';
const LONG_WORD = `https://blog.example/${'a-very-long-path-segment-'.repeat(6)}end`;
const VIEWPORTS = [
  { name: 'phone', width: 375, height: 740 },
  { name: 'desktop', width: 1280, height: 900 },
];

interface FocusStop {
  element: string;
  outline: string;
  width: number;
  ratio: number;
}

/**
 * Every page of the dashboard in Chromium, as readers, agents and admins see it: axe-core's WCAG 2.2 AA
 * findings, sideways scrolling at 375 and 1280 px, and the focus ring at every Tab stop.
 */
describe('the dashboard’s pages in Chromium, on a phone and a desktop', () => {
  let site: FeedServer;
  let web: WebTestApp;
  let browser: Browser;
  let reader: BrowserContext;
  let admin: BrowserContext;
  let subscriptionPath: string;
  let threadPath: string;

  async function contextOf(client: WebClient): Promise<BrowserContext> {
    const context = await browser.newContext({ timezoneId: 'UTC' });
    await context.addCookies([...client.cookies].map(([name, value]) => ({ name, value, url: web.baseUrl })));
    return context;
  }

  beforeAll(async () => {
    site = await new FeedServer().start();
    site.set('/feed.xml', {
      body: rssFeed('Daily Dispatch from a newsroom with a long name', [
        {
          title: 'A first post',
          link: LONG_WORD,
          description: `<p>Read ${LONG_WORD} today.</p><img src="https://blog.example/hero.png" width="1200" height="675">`,
        },
      ]),
    });
    web = await createWebTestApp('sqlite', { SUPPORT_WEBHOOK_SECRET: SUPPORT_SECRET });
    browser = await launchChromium();
    await web.app.get(AccountsService).addUser({ email: 'boss@example.com', role: 'admin' });
    const readerClient = web.browser();
    await readerClient.signIn('reader@example.com');
    const adminClient = web.browser();
    await adminClient.signIn('boss@example.com');
    reader = await contextOf(readerClient);
    admin = await contextOf(adminClient);

    const inbound = await fetch(`${web.baseUrl}/support/inbound`, {
      method: 'POST',
      headers: { authorization: `Bearer ${SUPPORT_SECRET}`, 'content-type': 'message/rfc822' },
      body: [
        'From: Reader <reader@example.com>',
        'To: support@tidings.test',
        'Subject: My digest is late',
        'Message-ID: <late-1@reader.example>',
        'Content-Type: text/plain; charset=utf-8',
        '',
        `Where is it? I looked at ${LONG_WORD} and found nothing.`,
        '',
      ].join('\r\n'),
    });
    expect(inbound.status).toBeLessThan(300);
  });

  afterAll(async () => {
    await reader?.close();
    await admin?.close();
    await browser?.close();
    await web?.close();
    await site?.stop();
  });

  it('subscribes through the dashboard and lists the feed under its title before any poll', async () => {
    const page = await reader.newPage();
    await page.goto(`${web.baseUrl}/feeds/add`);
    await page.getByLabel("A feed's address, or a website's").fill(site.url('/feed.xml'));
    await page.getByRole('button', { name: 'Find the feed' }).click();
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await page.waitForURL(/\/feeds\?notice=added$/);
    const heading = page.getByRole('heading', { name: 'Daily Dispatch from a newsroom with a long name' });
    await expect(heading.isVisible()).resolves.toBe(true);
    subscriptionPath = (await heading.getByRole('link').getAttribute('href'))!;
    await page.close();

    const agent = await admin.newPage();
    await agent.goto(`${web.baseUrl}/support`);
    threadPath = (await agent.getByRole('link', { name: 'My digest is late' }).getAttribute('href'))!;
    await agent.goto(`${web.baseUrl}${threadPath}`);
    await agent.getByLabel('Your reply').fill(`It is on its way: ${LONG_WORD} works again.`);
    await agent.getByRole('button', { name: 'Send reply' }).click();
    await agent.waitForURL(/notice=sent/);
    await agent.close();
  });

  const pages: Array<{ path: () => string; who: 'reader' | 'admin' | 'nobody' }> = [
    { path: () => '/signin', who: 'nobody' },
    { path: () => '/no-such-page', who: 'nobody' },
    { path: () => '/feeds', who: 'reader' },
    { path: () => '/feeds/add', who: 'reader' },
    { path: () => subscriptionPath, who: 'reader' },
    { path: () => `${subscriptionPath}/preview`, who: 'reader' },
    { path: () => '/account', who: 'reader' },
    { path: () => '/credits', who: 'reader' },
    { path: () => '/opml', who: 'reader' },
    { path: () => '/support', who: 'admin' },
    { path: () => threadPath, who: 'admin' },
    { path: () => '/admin', who: 'admin' },
  ];

  async function open(
    who: 'reader' | 'admin' | 'nobody',
    path: string,
    viewport: { width: number; height: number },
  ) {
    const context = who === 'reader' ? reader : who === 'admin' ? admin : await browser.newContext();
    const page = await context.newPage();
    await page.setViewportSize(viewport);
    const response = await page.goto(`${web.baseUrl}${path}`);
    return {
      page,
      status: response?.status(),
      done: () => (who === 'nobody' ? context.close() : page.close()),
    };
  }

  /** Tabs through the page: each stop's outline, and its contrast with what lies behind it. */
  async function focusStops(page: Page): Promise<FocusStop[]> {
    const stops: FocusStop[] = [];
    for (let step = 0; step < 60; step += 1) {
      await page.keyboard.press('Tab');
      const stop = await page.evaluate(() => {
        const element = document.activeElement as HTMLElement | null;
        if (!element || element === document.body || element.tagName === 'IFRAME') return null;
        const style = getComputedStyle(element);
        let behind: Element | null = element.parentElement;
        let background = 'rgb(255, 255, 255)';
        while (behind) {
          const colour = getComputedStyle(behind).backgroundColor;
          if (colour !== 'rgba(0, 0, 0, 0)' && colour !== 'transparent') {
            background = colour;
            break;
          }
          behind = behind.parentElement;
        }
        const name = `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''} "${(element.textContent ?? '').trim().slice(0, 30)}"`;
        return {
          element: name,
          outlineStyle: style.outlineStyle,
          outline: style.outlineColor,
          width: parseFloat(style.outlineWidth),
          background,
        };
      });
      if (!stop) continue;
      if (stops.some((seen) => seen.element === stop.element)) break;
      stops.push({
        element: stop.element,
        outline: `${stop.outlineStyle} ${stop.outline}`,
        width: stop.outlineStyle === 'none' ? 0 : stop.width,
        ratio: Math.round(contrastRatio(stop.outline, stop.background) * 100) / 100,
      });
    }
    return stops;
  }

  describe.each(VIEWPORTS)('$name ($width px)', (viewport) => {
    it.each(pages.map((page, index) => ({ ...page, index })))(
      'page $index: no axe finding, no sideways scroll, a focus ring of 3:1 at every Tab stop',
      async ({ path, who }) => {
        const { page, status, done } = await open(who, path(), viewport);
        try {
          expect({ path: path(), status }).toEqual({
            path: path(),
            status: path() === '/no-such-page' ? 404 : 200,
          });
          expect({ path: path(), findings: await axeFindings(page) }).toEqual({ path: path(), findings: [] });
          expect({ path: path(), overflow: await horizontalOverflow(page) }).toEqual({
            path: path(),
            overflow: 0,
          });
          const stops = await focusStops(page);
          expect(stops.length).toBeGreaterThan(0);
          const weak = stops.filter((stop) => stop.width < 2 || stop.ratio < 3);
          expect({ path: path(), weak }).toEqual({ path: path(), weak: [] });
        } finally {
          await done();
        }
      },
    );
  });

  it('on a phone, the name of each delivery choice reads on one line', async () => {
    const { page, done } = await open('reader', subscriptionPath, VIEWPORTS[0]);
    try {
      // Lines taken by each choice's name (its price may wrap below it): one, not a word a line.
      const nameLines = await page.evaluate(() =>
        [...document.querySelectorAll('label.choice:has(input[name="mode"])')].map((label) => {
          const name = [label, ...label.querySelectorAll('*')]
            .flatMap((element) => [...element.childNodes])
            .find((node) => node.nodeType === Node.TEXT_NODE && node.textContent!.trim().length > 0)!;
          const range = document.createRange();
          range.selectNodeContents(name);
          const tops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
          return `${name.textContent!.trim()}: ${tops.size}`;
        }),
      );
      expect(nameLines).toContain('A digest every 12 hours: 1');
      expect(nameLines.filter((line) => !line.endsWith(': 1'))).toEqual([]);
    } finally {
      await done();
    }
  });

  it('the reply box keeps a draft across a reload until the answer is sent', async () => {
    const { page, done } = await open('admin', threadPath, VIEWPORTS[1]);
    try {
      await page.getByLabel('Your reply').fill('Half an answer');
      await page.reload();
      await expect(page.getByLabel('Your reply').inputValue()).resolves.toBe('Half an answer');
      await page.getByLabel('Your reply').fill('The whole answer.');
      await page.getByRole('button', { name: 'Send reply' }).click();
      await page.waitForURL(/notice=sent/);
      await page.goto(`${web.baseUrl}${threadPath}`);
      await expect(page.getByLabel('Your reply').inputValue()).resolves.toBe('');
    } finally {
      await done();
    }
  });

  it.each([
    {
      form: 'a feed’s settings',
      path: () => subscriptionPath,
      label: 'Only posts matching this regular expression (optional)',
      value: '(unclosed',
      button: 'Save settings',
      id: 'regex',
      message: /regular expression/i,
    },
    {
      form: 'the account',
      path: () => '/account',
      label: 'Quiet hours',
      value: 'at night',
      button: 'Save',
      id: 'quietHours',
      message: /expected quiet hours such as 22:00-07:00, or off/,
    },
  ])(
    'a refused save of $form opens at the bad field: focused, red-bordered, its message beside it in the first screen',
    async ({ path, label, value, button, id, message }) => {
      const { page, done } = await open('reader', path(), VIEWPORTS[0]);
      try {
        await page.getByLabel(label, { exact: true }).fill(value);
        const answer = page.waitForResponse((response) => response.request().method() === 'POST');
        await page.getByRole('button', { name: button, exact: true }).click();
        expect((await answer).status()).toBe(422);
        await page.waitForLoadState('load');
        const field = await page.evaluate((fieldId) => {
          const input = document.getElementById(fieldId) as HTMLInputElement;
          const said = document.getElementById(input.getAttribute('aria-describedby') ?? '')!;
          const box = said.getBoundingClientRect();
          return {
            isFocused: document.activeElement === input,
            border: getComputedStyle(input).borderTopColor,
            message: said.textContent,
            isMessageOnScreen: box.top >= 0 && box.bottom <= window.innerHeight,
            value: input.value,
          };
        }, id);
        expect(field).toEqual({
          isFocused: true,
          border: 'rgb(163, 22, 27)',
          message: expect.stringMatching(message),
          isMessageOnScreen: true,
          value,
        });
      } finally {
        await done();
      }
    },
  );
});
