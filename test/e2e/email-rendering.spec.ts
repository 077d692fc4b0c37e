import { decodeHTML } from 'entities';
import { Browser, Page } from 'playwright-core';
import { rewriteForEmail } from '../../src/content';
import { TEMPLATE_NAMES } from '../../src/mail/email-templates';
import { MailService } from '../../src/mail/mail.service';
import { OutboxService } from '../../src/mail/outbox.service';
import { entryEmail, MAIL_ENV, subscribedReader } from '../integration/mail/mail-fixtures';
import { axeFindings, contrastRatio, horizontalOverflow, launchChromium } from '../support/browser';
import { CapturedEmail, SmtpCapture } from '../support/smtp-capture';
import { createTestApp, TestApp } from '../support/test-app';

/** A feed image as big as many are (1200 × 675), with no alt text: the case pictures-off clients show as a box. */
const FEED_HTML = `
  <p>The plan changes on Monday. <a href="https://blog.example/plans">See the plans</a>.</p>
  <p><img src="https://blog.example/hero.png" width="1200" height="675"></p>
  <table><tr><th>Plan</th><th>Price</th><th>Notes</th></tr>
  <tr><td>Small</td><td>5 EUR</td><td>for one person</td></tr>
  <tr><td>Family</td><td>9 EUR</td><td>up to five</td></tr></table>
  <p>That is all for this week.</p>`;

interface Rendering {
  name: string;
  width: number;
  colorScheme: 'light' | 'dark';
  /** Pictures off, as Outlook and many work accounts have them. */
  imagesBlocked: boolean;
}

const RENDERINGS: Rendering[] = [
  { name: 'light, 600 px', width: 600, colorScheme: 'light', imagesBlocked: false },
  { name: 'dark, 600 px', width: 600, colorScheme: 'dark', imagesBlocked: false },
  { name: 'light, 320 px, pictures off', width: 320, colorScheme: 'light', imagesBlocked: true },
  { name: 'dark, 320 px, pictures off', width: 320, colorScheme: 'dark', imagesBlocked: true },
];

/** The picture a client shows when it loads images: 1200 × 675, as its attributes said. */
const PICTURE = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="675"><rect width="1200" height="675" fill="#4a7"/></svg>`;

describe('every kind of email, as mail clients render it (Chromium, axe-core)', () => {
  let smtp: SmtpCapture;
  let test: TestApp;
  let browser: Browser;
  const emails = new Map<string, CapturedEmail>();

  beforeAll(async () => {
    smtp = await new SmtpCapture().start();
    test = await createTestApp('sqlite', { ...MAIL_ENV, SMTP_URL: smtp.url });
    browser = await launchChromium();
    const mail = test.app.get(MailService);
    const outbox = test.app.get(OutboxService);
    const reader = await subscribedReader(test, 'reader@example.com');
    const to = { userId: reader.user.id, email: reader.user.email };
    const feed = {
      id: reader.feed.id,
      title: 'Example Blog',
      url: reader.feed.url,
      siteUrl: 'https://blog.example/',
    };
    const sends: Array<[string, () => Promise<boolean>]> = [
      [
        'entry',
        () =>
          mail.sendEntry(
            entryEmail(reader, { key: 'entry:1', html: rewriteForEmail(FEED_HTML, 'https://blog.example/') }),
          ),
      ],
      [
        'digest',
        () =>
          mail.sendDigest({
            dedupKey: 'digest:1',
            to,
            title: 'Your daily digest',
            sections: [
              {
                feed,
                subscriptionId: reader.subscription.id,
                entries: [
                  entryEmail(reader, { html: rewriteForEmail(FEED_HTML, 'https://blog.example/') }).entry,
                ],
                headlines: Array.from({ length: 35 }, (_, index) => ({
                  title: `Older post ${index + 2}`,
                  link: `https://blog.example/${index + 2}`,
                  published: null,
                })),
              },
            ],
          }),
      ],
      [
        'sign-in',
        () =>
          mail.sendSignIn({
            dedupKey: 'sign-in:1',
            to,
            link: `https://tidings.test/signin/${'Zx9'.repeat(15)}`,
            expiresInMinutes: 15,
          }),
      ],
      [
        'address-confirmation',
        () =>
          mail.sendAddressConfirmation({
            dedupKey: 'deliver-to:1',
            to: { ...to, email: 'lists@example.org' },
            accountEmail: to.email,
            feed,
            link: `https://tidings.test/deliver-to/${'Zx9'.repeat(15)}`,
            validDays: 7,
          }),
      ],
      [
        'low-balance',
        () =>
          mail.sendLowBalance({
            dedupKey: 'low:1',
            to,
            balance: 0,
            prices: 'Prices',
            buyUrl: 'https://tidings.test/credits',
          }),
      ],
      [
        'feed-problem',
        () =>
          mail.sendFeedProblem({
            dedupKey: 'gone:1',
            to,
            feed,
            problem: 'gone',
            detail: '410 Gone',
            subscriptionId: reader.subscription.id,
          }),
      ],
      [
        'support-reply',
        () =>
          mail.sendSupportReply({
            dedupKey: 'support:1',
            to,
            subject: 'Re: my feed',
            bodyText: `Hello,\nit is fixed now: ${'https://tidings.test/feeds/a-very-long-address-that-does-not-break-by-itself'}\nBest`,
            references: [],
          }),
      ],
      [
        'command-confirmation',
        () =>
          mail.sendCommandConfirmation({
            dedupKey: 'command:1',
            to,
            command: 'pause',
            language: 'en',
            feeds: [feed],
            subscriptionIds: [reader.subscription.id],
            previousCadence: null,
            inReplyTo: null,
          }),
      ],
      [
        'entry-update',
        () =>
          mail.sendEntryUpdate({
            dedupKey: 'update:1',
            to,
            subscriptionId: reader.subscription.id,
            feed,
            entry: { title: 'Apples in late autumn', link: 'https://blog.example/apples' },
            titleBefore: 'Apples in autumn',
            added: ['The orchard opens at ten.'],
            removed: ['The orchard opens at nine.'],
            more: 2,
          }),
      ],
      [
        'delivery-record',
        () =>
          mail.sendDeliveryRecord({
            dedupKey: 'why:1',
            to,
            feeds: [
              {
                feed,
                subscriptionId: reader.subscription.id,
                posts: [
                  {
                    title: 'Cheese at noon',
                    link: 'https://blog.example/cheese',
                    seenAt: '21 Nov 2026, 17:30',
                    outcome: 'Waiting for credits: it goes out once your balance can pay for it.',
                  },
                  {
                    title: 'Crypto winter',
                    link: null,
                    seenAt: '21 Nov 2026, 17:30',
                    outcome: 'Filtered out: it has your excluded word “crypto”.',
                  },
                ],
              },
            ],
            otherFeeds: 2,
            inReplyTo: '<why@mua.example>',
            language: 'en',
          }),
      ],
    ];
    for (const [kind, send] of sends) {
      expect(await send()).toBe(true);
      expect(await outbox.flush()).toMatchObject({ sent: 1 });
      emails.set(kind, (await smtp.waitFor(1))[0]);
      smtp.messages.splice(0);
    }
  });

  afterAll(async () => {
    await browser?.close();
    await test?.close();
    await smtp?.stop();
  });

  async function open(html: string, rendering: Rendering): Promise<Page> {
    const page = await browser.newPage({ viewport: { width: rendering.width, height: 800 } });
    await page.emulateMedia({ colorScheme: rendering.colorScheme });
    await page.route('**/*', (route) =>
      rendering.imagesBlocked || route.request().resourceType() !== 'image'
        ? route.abort()
        : route.fulfill({ contentType: 'image/svg+xml', body: PICTURE }),
    );
    await page.setContent(html, { waitUntil: 'load' });
    return page;
  }

  const kinds = TEMPLATE_NAMES;

  describe.each(kinds)('%s', (kind) => {
    it.each(RENDERINGS)('$name: no serious axe finding, nothing wider than the screen', async (rendering) => {
      const page = await open(emails.get(kind)!.parsed.html!, rendering);
      try {
        const findings = (await axeFindings(page)).filter(
          (f) => f.impact === 'serious' || f.impact === 'critical',
        );
        expect(findings).toEqual([]);
        expect(await horizontalOverflow(page)).toBe(0);
      } finally {
        await page.close();
      }
    });
  });

  it.each(['sign-in', 'low-balance', 'entry', 'entry-update'])(
    '%s: the button reads at 4.5:1 and stands out from its card at 3:1, light and dark',
    async (kind) => {
      for (const rendering of RENDERINGS.filter((r) => r.width === 600)) {
        const page = await open(emails.get(kind)!.parsed.html!, rendering);
        try {
          const colours = await page.evaluate(() => {
            const link = document.querySelector('.button a') as HTMLElement;
            const cell = link.closest('td[bgcolor]') as HTMLElement;
            const card = document.querySelector('.card td') as HTMLElement;
            const style = (element: Element) => getComputedStyle(element);
            return {
              text: style(link).color,
              button: style(cell).backgroundColor,
              card: style(card).backgroundColor,
            };
          });
          expect({
            rendering: rendering.name,
            text: contrastRatio(colours.text, colours.button) >= 4.5,
          }).toEqual({
            rendering: rendering.name,
            text: true,
          });
          expect({
            rendering: rendering.name,
            shape: contrastRatio(colours.button, colours.card) >= 3,
          }).toEqual({
            rendering: rendering.name,
            shape: true,
          });
        } finally {
          await page.close();
        }
      }
    },
  );

  it('a picture without alt text is marked as such and keeps no fixed height to box it when blocked', () => {
    const html = emails.get('entry')!.parsed.html!;
    const image = html.match(/<img [^>]*src="https:\/\/blog\.example\/hero\.png"[^>]*>/)![0];
    expect(image).toMatch(/ alt=""/);
    expect(image).not.toMatch(/ height=/);
    expect(image).toMatch(/ width="600"/);
  });

  it('a digest lists every post: the newest with an excerpt, the others by linked headline', () => {
    const { html, text } = emails.get('digest')!.parsed;
    expect(html).toContain('36 new posts from 1 feed');
    for (let index = 2; index <= 36; index += 1) {
      expect(html).toContain(`<a href="https://blog.example/${index}">Older post ${index}</a>`);
      expect(text).toContain(`- Older post ${index}: https://blog.example/${index}`);
    }
    expect(html).not.toMatch(/and \d+ more/);
  });

  it('the text part reads a table as rows, one per line, cells apart', () => {
    const text = emails.get('entry')!.parsed.text!;
    expect(text).toContain(
      'Plan | Price | Notes\nSmall | 5 EUR | for one person\nFamily | 9 EUR | up to five',
    );
  });

  it.each(kinds)('%s: the text part carries every link of the HTML', (kind) => {
    const { html, text } = emails.get(kind)!.parsed;
    const links = [...html!.matchAll(/href="(https?:[^"]+)"/g)].map((match) => decodeHTML(match[1]));
    expect(links.length).toBeGreaterThan(0);
    expect([...new Set(links)].filter((link) => !text!.includes(link))).toEqual([]);
  });

  it('the preview line is hidden without a text colour that spam filters read as hidden text', () => {
    const html = emails.get('sign-in')!.parsed.html!;
    const preview = html.match(/<div[^>]*>Sign in to Tidings: the link expires/)![0];
    expect(preview).toMatch(/display:\s*none/);
    expect(preview).not.toMatch(/color:/);
  });
});
