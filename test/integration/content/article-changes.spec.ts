import { AccountsService } from '../../../src/accounts/accounts.service';
import { BillingService } from '../../../src/billing/billing.service';
import { DigestService } from '../../../src/delivery/digest.service';
import { FeedsService } from '../../../src/feeds/feeds.service';
import { PollService } from '../../../src/fetcher/poll.service';
import { OutboxService } from '../../../src/mail/outbox.service';
import { FeedServer, rssFeed } from '../../support/feed-server';
import { SmtpCapture } from '../../support/smtp-capture';
import { createTestApp, TestApp } from '../../support/test-app';

const html = { 'content-type': 'text/html; charset=utf-8' };
const article = (version: string) =>
  `<!doctype html><html><head><title>The story</title></head><body><nav><a href="/">Home</a></nav><article>` +
  [1, 2, 3, 4, 5]
    .map(
      (n) =>
        `<p>${version} paragraph ${n} of the story, long enough to read as prose, with commas, clauses, and detail.</p>`,
    )
    .join('') +
  `</article></body></html>`;

/** What the readers see when the page behind an entry changes, or disappears, after the entry is first seen. */
describe('the article behind an entry, as it changes', () => {
  let test: TestApp;
  let smtp: SmtpCapture;
  let site: FeedServer;
  const old = {
    title: 'Already there',
    link: 'https://blog.example/old',
    date: 'Sat, 21 Nov 2026 08:00:00 GMT',
  };

  beforeAll(async () => {
    smtp = await new SmtpCapture().start();
    site = await new FeedServer().start();
    test = await createTestApp('sqlite', { SMTP_URL: smtp.url, FETCH_HOST_GAP_MS: '0' });
    test.clock.set('2026-11-22T08:00:00Z');
    site.set('/feed.xml', { body: rssFeed('Changing blog', [old]) });
    for (const [email, mode] of [
      ['now@example.com', 'realtime'],
      ['daily@example.com', 'daily'],
    ] as const) {
      const user = await test.app.get(AccountsService).addUser({ email, timezone: 'UTC', digestHour: 7 });
      await test.app.get(BillingService).grantStarterCredits(user.id, 10);
      await test.app.get(FeedsService).subscribe(user.id, site.url('/feed.xml'), { mode, fullText: true });
    }
    await test.app.get(PollService).pollDue({ all: true });
  });

  afterAll(async () => {
    await test.close();
    await site.stop();
    await smtp.stop();
  });

  const publish = async (
    items: Array<{ title: string; link: string; date: string; description?: string }>,
  ) => {
    site.set('/feed.xml', { body: rssFeed('Changing blog', [...items, old]) });
    test.clock.advance(60 * 60 * 1000);
    await test.app.get(PollService).pollDue({ all: true });
    await test.app.get(OutboxService).flush();
  };

  it('extracts the article again for later emails when the feed re-issues the entry with a newer date', async () => {
    site.set('/story', { headers: html, body: article('First version') });
    const story = { title: 'The story', link: site.url('/story'), date: 'Sun, 22 Nov 2026 08:30:00 GMT' };
    await publish([story]);
    const [realtime] = await smtp.waitFor(1);
    expect(realtime.envelope.to).toEqual(['now@example.com']);
    expect(realtime.parsed.text).toContain('First version paragraph 1 of the story');

    site.set('/story', { headers: html, body: article('Second version') });
    await publish([{ ...story, date: 'Sun, 22 Nov 2026 09:30:00 GMT' }]);
    await test.app.get(DigestService).sendDue(new Date('2026-11-23T07:00:00Z'));
    await test.app.get(OutboxService).flush();
    const [, digest] = await smtp.waitFor(2);

    expect(digest.envelope.to).toEqual(['daily@example.com']);
    expect(digest.parsed.text).toContain('Second version paragraph 1 of the story');
    expect(digest.parsed.text).not.toContain('First version');
    expect(smtp.messages).toHaveLength(2);
    expect(site.requests.filter((request) => request.url === '/story')).toHaveLength(2);
  });

  it.each([404, 410])(
    "sends the feed's own text, saying so in one line, when the article link answers %i",
    async (status) => {
      site.set(`/gone-${status}`, { status, headers: html, body: article('Error page') });
      const sent = smtp.messages.length;
      await publish([
        {
          title: `Removed ${status}`,
          link: site.url(`/gone-${status}`),
          date: test.clock.now().toUTCString(),
          description: 'The teaser the feed itself carries.',
        },
      ]);
      const emails = await smtp.waitFor(sent + 1);
      const email = emails[sent];
      expect(email.envelope.to).toEqual(['now@example.com']);
      expect(email.parsed.text).toContain('The teaser the feed itself carries.');
      expect(email.parsed.text).toContain('The full article is no longer at its link');
      expect(email.parsed.text).not.toContain('Error page paragraph');
    },
  );
});
