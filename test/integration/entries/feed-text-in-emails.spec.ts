import { AccountsService } from '../../../src/accounts/accounts.service';
import { BillingService } from '../../../src/billing/billing.service';
import { DigestService } from '../../../src/delivery/digest.service';
import { OutboxService } from '../../../src/mail/outbox.service';
import { SmtpCapture } from '../../support/smtp-capture';
import { testDialects } from '../../support/test-database';
import { DAY, PollHarness } from '../fetcher/poll-support';

/** An Atom feed whose entries are written as publishers write them: markup in titles, relative links. */
function atomFeed(entries: string[]): string {
  return `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xml:base="https://atom.example/blog/">
<title type="html">Example &lt;b&gt;Atom&lt;/b&gt; blog</title><link href="https://atom.example/"/>${entries.join('')}</feed>`;
}
const first = `<entry><id>tag:atom.example,2026:1</id><title>First</title><link href="1"/><updated>2026-11-20T09:00:00Z</updated></entry>`;
const marked = `<entry xml:base="https://atom.example/posts/2/"><id>tag:atom.example,2026:2</id>
<title type="html">Example &lt;b&gt;Atom&lt;/b&gt; &amp;amp; friends</title><link href="./"/>
<updated>2026-11-22T09:00:00Z</updated><content type="html">&lt;p&gt;See &lt;a href="notes.html"&gt;the notes&lt;/a&gt;.&lt;/p&gt;</content></entry>`;
const xhtml = `<entry><id>tag:atom.example,2026:3</id>
<title type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml">An <em>xhtml</em> title</div></title>
<link href="3"/><updated>2026-11-22T09:30:00Z</updated><summary>Three</summary></entry>`;

describe.each(testDialects())('feed titles in emails on %s', (dialect) => {
  const h = new PollHarness();
  let smtp: SmtpCapture;

  beforeAll(async () => {
    smtp = await new SmtpCapture().start();
    await h.start(dialect, { SMTP_URL: smtp.url, SECRET_KEY: 'feed-text-secret-key-0123456789' });
  });
  afterAll(async () => {
    await h.stop();
    await smtp.stop();
  });

  it('sends an Atom html or xhtml title as text: in the subject, the email, and the digest', async () => {
    h.server.set('/atom.xml', {
      body: atomFeed([first]),
      headers: { 'content-type': 'application/atom+xml' },
    });
    const {
      url,
      userIds: [realtimeReader],
    } = await h.subscribe('/atom.xml');
    const digestReader = await h.testApp.app
      .get(AccountsService)
      .addUser({ email: 'digest@example.com', timezone: 'UTC', digestHour: 7 });
    await h.feeds.subscribe(digestReader.id, url, { mode: 'daily' });
    const billing = h.testApp.app.get(BillingService);
    for (const userId of [realtimeReader, digestReader.id]) await billing.grantStarterCredits(userId, 100);
    h.clock.set('2026-11-22T10:00:00Z');
    await h.poll();

    h.server.set('/atom.xml', {
      body: atomFeed([first, marked, xhtml]),
      headers: { 'content-type': 'application/atom+xml' },
    });
    h.clock.advance(DAY / 24);
    await h.poll();
    h.clock.set('2026-11-23T07:00:00Z');
    await h.testApp.app.get(DigestService).sendDue(h.clock.now());
    await h.testApp.app.get(OutboxService).flush();
    const emails = await smtp.waitFor(3).catch((error: Error) => {
      throw new Error(`${error.message}: ${smtp.messages.map((email) => email.parsed.subject).join(' | ')}`);
    });

    const subjects = emails.map((email) => email.parsed.subject).sort();
    expect(subjects).toEqual(['An xhtml title', 'Example Atom & friends', 'Your daily digest']);
    const entryEmail = emails.find((email) => email.parsed.subject === 'Example Atom & friends')!;
    expect(entryEmail.parsed.from).toMatchObject({ name: 'Example Atom blog' });
    expect(entryEmail.parsed.html).toContain('Example Atom &amp; friends');
    expect(entryEmail.parsed.html).not.toMatch(/&lt;b&gt;|<b>Atom/);
    expect(entryEmail.parsed.html).toContain('href="https://atom.example/posts/2/notes.html"');
    expect(entryEmail.parsed.text).toContain('Example Atom & friends');
    const digest = emails.find((email) => email.parsed.subject === 'Your daily digest')!;
    expect(digest.parsed.text).toContain('Example Atom & friends');
    expect(digest.parsed.text).toContain('An xhtml title');
    expect(digest.parsed.html).not.toMatch(/&lt;b&gt;|&lt;em&gt;/);
    expect(emails.filter((email) => email.envelope.to.includes('digest@example.com'))).toHaveLength(1);
  });
});
