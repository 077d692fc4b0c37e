import { outboxIdFromAddress } from '../../../src/mail/domain/mail-tokens';
import { GMAIL_CLIP_BYTES } from '../../../src/mail/email-composer';
import { MailService } from '../../../src/mail/mail.service';
import { OutboxService } from '../../../src/mail/outbox.service';
import { SmtpCapture } from '../../support/smtp-capture';
import { createTestApp, TestApp } from '../../support/test-app';
import { testDialects } from '../../support/test-database';
import { entryEmail, MAIL_ENV, subscribedReader } from './mail-fixtures';

describe.each(testDialects())('emails on %s, as the reader receives them', (dialect) => {
  let smtp: SmtpCapture;
  let test: TestApp;
  let mail: MailService;
  let outbox: OutboxService;
  let reader: Awaited<ReturnType<typeof subscribedReader>>;

  beforeAll(async () => {
    smtp = await new SmtpCapture().start();
    test = await createTestApp(dialect, { ...MAIL_ENV, SMTP_URL: smtp.url });
    mail = test.app.get(MailService);
    outbox = test.app.get(OutboxService);
    reader = await subscribedReader(test, 'reader@example.com');
  });

  afterAll(async () => {
    await test.close();
    await smtp.stop();
  });

  beforeEach(() => smtp.messages.splice(0));

  async function sendOne(send: () => Promise<boolean>) {
    expect(await send()).toBe(true);
    expect(await outbox.flush()).toMatchObject({ sent: 1 });
    const [email] = await smtp.waitFor(1);
    return email;
  }

  it('an entry email carries the sender-rule headers, a real text part and escaped feed values', async () => {
    const hostile = '<script>{{x}}</script> & "more"';
    const model = entryEmail(reader, {
      key: 'entry:hostile',
      title: hostile,
      feedTitle: 'Evil <b>Feed</b> {{y}}',
      link: 'https://blog.example/p?a=1&b=2',
    });
    const email = await sendOne(() => mail.sendEntry(model));
    const [row] = await outbox.findByDedupKeys(['entry:hostile']);

    expect(email.parsed.subject).toBe(hostile);
    expect(email.parsed.from).toMatchObject({ name: 'Evil <b>Feed</b> {{y}}', address: 'news@tidings.test' });
    expect(email.header('message-id')).toBe(row.messageId);
    expect(new Date(email.header('date')!).toISOString()).toBe('2026-11-22T10:00:00.000Z');
    expect(email.header('auto-submitted')).toBe('auto-generated');
    expect(email.header('list-id')).toBe(
      `"Evil <b>Feed</b> {{y}}" <${reader.feed.id.toLowerCase()}.lists.tidings.test>`,
    );
    expect(email.header('list-unsubscribe')).toMatch(
      /^<https:\/\/tidings\.test\/unsubscribe\/[\w-]+\.[\w-]+>, <mailto:unsubscribe@tidings\.test\?subject=unsubscribe%20[\w-]+\.[\w-]+>$/,
    );
    expect(email.header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(email.raw).toMatch(/Content-Type: multipart\/alternative/i);

    const replyTo = email.parsed.replyTo![0].address!;
    expect(mail.emailIdOfReplyAddress(replyTo)).toBe(row.id);
    expect(outboxIdFromAddress(MAIL_ENV.SECRET_KEY, 'bounce', email.envelope.from)).toBe(row.id);
    expect(email.envelope.from).toMatch(/^bounce-[\w.-]+@tidings\.test$/);

    const html = email.parsed.html!;
    expect(html).not.toMatch(/<script|<b>Feed/);
    expect(html).toContain('&lt;script&gt;{{x}}&lt;/script&gt; &amp; &quot;more&quot;');
    expect(html).toContain('Evil &lt;b&gt;Feed&lt;/b&gt; {{y}}');
    expect(html).toContain('href="https://blog.example/p?a&#x3D;1&amp;b&#x3D;2"');
    expect(html).toContain('<a href="https://blog.example/more">more</a>');
    expect(Buffer.byteLength(html)).toBeLessThan(GMAIL_CLIP_BYTES);

    const unsubscribeUrl = /<(https:[^>]+)>/.exec(email.header('list-unsubscribe')!)![1];
    const text = email.parsed.text!;
    expect(text).toContain(hostile);
    expect(text).toContain('https://blog.example/p?a=1&b=2');
    expect(text).toContain('https://blog.example/more');
    expect(text).toContain(unsubscribeUrl);
    expect(text).not.toMatch(/<(td|div|table)/);
  });

  it('keeps an entry too big for Gmail under the clipping size, pointing to the site', async () => {
    const html = `<p>${'A long paragraph of words. '.repeat(8000)}</p>`;
    const email = await sendOne(() =>
      mail.sendEntry(entryEmail(reader, { html, link: 'https://blog.example/long' })),
    );
    expect(Buffer.byteLength(email.parsed.html!)).toBeLessThan(GMAIL_CLIP_BYTES);
    expect(email.parsed.html).toContain('too long for an email');
    expect(email.parsed.text).toContain('https://blog.example/long');
  });

  it('a digest lists every section with its own unsubscribe link and one header for all', async () => {
    const other = await subscribedReader(test, 'digest@example.com', 'https://other.example/feed');
    const second = await subscribedReader(test, 'digest2@example.com', 'https://third.example/feed');
    const email = await sendOne(() =>
      mail.sendDigest({
        dedupKey: 'digest:1',
        to: { userId: other.user.id, email: other.user.email },
        title: 'Your daily digest',
        sections: [
          {
            feed: { id: other.feed.id, title: 'Other <i>news</i>', url: other.feed.url, siteUrl: null },
            subscriptionId: other.subscription.id,
            entries: [entryEmail(other, { title: 'First {{post}}' }).entry],
            headlines: ['Second', 'Third', 'Fourth'].map((title) => ({
              title,
              link: `https://other.example/${title.toLowerCase()}`,
              published: null,
            })),
          },
          {
            feed: { id: second.feed.id, title: null, url: second.feed.url, siteUrl: null },
            subscriptionId: second.subscription.id,
            entries: [entryEmail(second, { title: null, link: 'https://third.example/untitled' }).entry],
            headlines: [],
          },
        ],
      }),
    );
    expect(email.parsed.subject).toBe('Your daily digest');
    expect(email.parsed.html).toContain('Other &lt;i&gt;news&lt;/i&gt;');
    expect(email.parsed.html).toContain('First {{post}}');
    expect(email.parsed.text).toContain('5 new posts from 2 feeds');
    expect(email.parsed.text).toContain('- Third: https://other.example/third');
    expect(email.parsed.html).toContain('<a href="https://other.example/fourth">Fourth</a>');
    expect(email.parsed.text).toContain('https://third.example/untitled');
    expect(email.parsed.text!.match(/https:\/\/tidings\.test\/unsubscribe\//g)!.length).toBe(3);
    expect(email.header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect((await outbox.findByDedupKeys(['digest:1']))[0].cost).toBe(1);
  });

  it('service emails render every template, with links in the text part and threading for support', async () => {
    const to = { userId: reader.user.id, email: reader.user.email };
    const signIn = await sendOne(() =>
      mail.sendSignIn({
        dedupKey: 'sign-in:1',
        to,
        link: 'https://tidings.test/sign-in?t=abc',
        expiresInMinutes: 15,
      }),
    );
    expect(signIn.parsed.text).toContain('https://tidings.test/sign-in?t=abc');
    expect(signIn.parsed.text).toContain('15 minutes');
    expect(signIn.header('list-unsubscribe')).toBeUndefined();
    smtp.messages.splice(0);

    const low = await sendOne(() =>
      mail.sendLowBalance({
        dedupKey: 'low:1',
        to,
        balance: 0,
        prices: 'Prices',
        buyUrl: 'https://tidings.test/credits',
      }),
    );
    expect(low.parsed.text).toContain('https://tidings.test/credits');
    smtp.messages.splice(0);

    const feed = { id: reader.feed.id, title: 'Gone & Co', url: reader.feed.url, siteUrl: null };
    const problem = await sendOne(() =>
      mail.sendFeedProblem({
        dedupKey: 'gone:1',
        to,
        feed,
        problem: 'gone',
        detail: '410 <Gone>',
        subscriptionId: reader.subscription.id,
      }),
    );
    expect(problem.parsed.subject).toBe('Gone & Co is gone');
    expect(problem.parsed.html).toContain('410 &lt;Gone&gt;');
    expect(problem.header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(problem.header('precedence')).toBe('list');
    smtp.messages.splice(0);

    const reply = await sendOne(() =>
      mail.sendSupportReply({
        dedupKey: 'support:1',
        to,
        subject: 'Re: my feed',
        bodyText: 'Hello,\n<b>fixed</b> now.',
        references: ['<a@tidings.test>', '<b@tidings.test>'],
      }),
    );
    expect(reply.header('in-reply-to')).toBe('<b@tidings.test>');
    expect(reply.header('references')).toBe('<a@tidings.test> <b@tidings.test>');
    expect(reply.parsed.html).toContain('&lt;b&gt;fixed&lt;/b&gt;');
    expect(reply.parsed.text).toContain('<b>fixed</b> now.');
  });

  it('enqueues one email per dedup key, even when produced many times at once', async () => {
    const model = entryEmail(reader, { key: 'entry:twice' });
    const results = await Promise.all(Array.from({ length: 20 }, () => mail.sendEntry(model)));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await outbox.findByDedupKeys(['entry:twice'])).toHaveLength(1);
    expect(await outbox.flush()).toMatchObject({ sent: 1 });
  });
});
