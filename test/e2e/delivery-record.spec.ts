import { decodeHTML } from 'entities';
import { runTidings } from '../support/cli';
import { FeedServer, rssFeed } from '../support/feed-server';
import { freePort, ServerProcess, startServerProcess } from '../support/server-process';
import { CapturedEmail, SmtpCapture } from '../support/smtp-capture';
import { createTestDatabase, TestDatabase } from '../support/test-database';
import { signedInByMail } from '../support/mail-sign-in';
import { WebClient } from '../support/web-app';
import { rawMessage, smtpTransport } from '../integration/support/inbound-mail-helpers';

const ROUNDUP_SITE = 'https://roundup.example/';
const apples = {
  title: 'Apples in autumn',
  link: 'https://blog.example/2026/11/apples',
  date: 'Sat, 21 Nov 2026 15:10:00 GMT',
  description: '<p>Crisp and sweet: the orchard at its best.</p>',
};
const bread = {
  title: 'Bread at dawn',
  link: 'https://roundup.example/bread',
  date: 'Sat, 21 Nov 2026 16:10:00 GMT',
  description: '<p>The bakery opens early.</p>',
};
/** The roundup's copy of the blog's post: the same story for a reader who follows both. */
const relinked = {
  title: 'Apples in autumn (via Example Blog)',
  link: `${apples.link}?utm_source=roundup`,
  guid: 'roundup-apples',
  date: 'Sat, 21 Nov 2026 17:05:00 GMT',
};
const crypto = {
  title: 'Crypto winter',
  link: 'https://roundup.example/crypto',
  date: 'Sat, 21 Nov 2026 17:10:00 GMT',
};
const cheese = {
  title: 'Cheese at noon',
  link: 'https://roundup.example/cheese',
  date: 'Sat, 21 Nov 2026 17:15:00 GMT',
};

/** Real processes on SQLite; `test/integration/delivery/post-fates.spec.ts` runs the record on every dialect. */
describe('a reader sees what happened to each post', () => {
  let feeds: FeedServer;
  let smtp: SmtpCapture;
  let database: TestDatabase;
  let server: ServerProcess;
  let inboundPort: number;
  let env: Record<string, string>;
  const tidings = async (...args: string[]) => {
    const result = await runTidings(args, env);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    return result.stdout;
  };
  const signedIn = (email: string) => signedInByMail(server.baseUrl, smtp, email);
  const emailsTo = (address: string) => smtp.messages.filter((email) => email.envelope.to[0] === address);

  beforeAll(async () => {
    feeds = await new FeedServer().start();
    smtp = await new SmtpCapture().start();
    database = await createTestDatabase('sqlite');
    env = {
      DATABASE_URL: database.url,
      SMTP_URL: smtp.url,
      MAIL_FROM: 'tidings@tidings.test',
      SECRET_KEY: 'delivery record e2e secret key 0123456789',
    };
    await tidings('migrate');
  });

  afterAll(async () => {
    await server?.stop();
    await feeds.stop();
    await smtp.stop();
    await database.drop();
  });

  it('on the feed page and in the answer to “why”, and another reader sees none of it', async () => {
    feeds.set('/blog.xml', { body: rssFeed('Example Blog', []) });
    feeds.set('/roundup.xml', { body: rssFeed('Link Roundup', [], ROUNDUP_SITE) });
    // Two credits: the blog's post and the roundup's first; the roundup's next one waits for credits.
    await tidings('users', 'add', 'reader@example.com', '--credits', '2');
    await tidings('users', 'add', 'other@example.com');
    await tidings('subscribe', 'reader@example.com', feeds.url('/blog.xml'));
    await tidings('subscribe', 'reader@example.com', feeds.url('/roundup.xml'), '--exclude', 'crypto');
    await tidings('subscribe', 'other@example.com', feeds.url('/roundup.xml'));
    await tidings('poll', '--once', '--all', '--at', '2026-11-21T15:00:00Z');

    feeds.set('/blog.xml', { body: rssFeed('Example Blog', [apples]) });
    feeds.set('/roundup.xml', { body: rssFeed('Link Roundup', [bread], ROUNDUP_SITE) });
    await tidings('poll', '--once', '--all', '--at', '2026-11-21T16:30:00Z');
    feeds.set('/roundup.xml', {
      body: rssFeed('Link Roundup', [cheese, crypto, relinked, bread], ROUNDUP_SITE),
    });
    await tidings('poll', '--once', '--all', '--at', '2026-11-21T17:30:00Z');
    await smtp.waitFor(7);
    const subjects = (address: string) =>
      emailsTo(address)
        .map((email) => email.parsed.subject)
        .sort();
    expect(subjects('reader@example.com')).toEqual([
      'Apples in autumn',
      'Bread at dawn',
      'Your Tidings deliveries are paused',
    ]);
    const breadEmail = emailsTo('reader@example.com').find(
      (email) => email.parsed.subject === 'Bread at dawn',
    )!;
    const othersEmails = emailsTo('other@example.com');
    expect(othersEmails).toHaveLength(4);
    // The roundup takes the crypto post down: no email about it, and both readers' feed pages say so.
    feeds.set('/roundup.xml', { body: rssFeed('Link Roundup', [cheese, relinked, bread], ROUNDUP_SITE) });
    await tidings('poll', '--once', '--all', '--at', '2026-11-21T18:00:00Z');
    expect(smtp.messages).toHaveLength(7);
    const removed = ' The feed removed it at 21 Nov 2026, 18:00; no email takes it back.';

    inboundPort = await freePort();
    server = await startServerProcess({ ...env, INBOUND_SMTP_PORT: String(inboundPort) });

    // The feed page: each post and its fate, for this reader.
    const reader = await signedIn('reader@example.com');
    const roundupPage = await reader.get(await subscriptionPath(reader, 'Link Roundup'));
    const rows = recordRows(roundupPage.html);
    expect(rows.map((row) => row.title)).toEqual([
      'Cheese at noon',
      'Crypto winter',
      'Apples in autumn (via Example Blog)',
      'Bread at dawn',
    ]);
    expect(rows[0].outcome).toMatch(/^Waiting for credits/);
    expect(rows[1].outcome).toBe(`Filtered out: it has your excluded word “crypto”.${removed}`);
    expect(rows[2].outcome).toBe('Not sent again: the same story as “Apples in autumn” from Example Blog.');
    expect(rows[3].outcome).toContain(`(Message-ID ${breadEmail.parsed.messageId})`);
    expect(rows[3].outcome).toMatch(/^Sent at .+ in its own email \(Message-ID <.+>\)\.$/);
    expect(rows[3].seen).toBe('21 Nov 2026, 16:30');

    // The answer to "why" (here "warum": in German), in the same thread as the email replied to.
    const answer = await ask('reader@example.com', breadEmail, 'Warum?', '<why-reader@mua.example>');
    expect(answer.parsed.inReplyTo).toBe('<why-reader@mua.example>');
    expect(answer.parsed.subject).toBe('Was aus den neuesten Beiträgen von Link Roundup wurde');
    expect(answer.parsed.html).toMatch(/<html lang="de"/);
    const text = answer.parsed.text!;
    expect(text).toContain('Herausgefiltert: es enthält Ihr ausgeschlossenes Wort „crypto“.');
    expect(text).toContain(
      'Nicht erneut gesendet: dieselbe Geschichte wie „Apples in autumn“ von Example Blog.',
    );
    expect(text).toContain(`in einer eigenen E-Mail (Message-ID ${breadEmail.parsed.messageId})`);
    expect(text).toContain('Gesehen am 21.11.2026, 16:30');
    expect(text).toContain('Cheese at noon');

    // The other reader of the same feed: their own fates only, on the page and in the answer.
    const other = await signedIn('other@example.com');
    const othersPage = await other.get(await subscriptionPath(other, 'Link Roundup'));
    const theirs = recordRows(othersPage.html);
    expect(theirs.map((row) => row.outcome.split(' at ')[0])).toEqual(['Sent', 'Sent', 'Sent', 'Sent']);
    expect(theirs[1].outcome).toMatch(/^Sent at .+ in its own email \(Message-ID <.+>\)\./);
    expect(theirs[1].outcome.endsWith(removed)).toBe(true);
    const othersAnswer = await ask('other@example.com', othersEmails[0], 'why', '<why-other@mua.example>');
    for (const seen of [othersPage.html, othersAnswer.parsed.text!, othersAnswer.parsed.html!]) {
      expect(seen).not.toMatch(/Filtered out|same story|Waiting for credits|excluded word/);
      for (const email of emailsTo('reader@example.com')) expect(seen).not.toContain(email.parsed.messageId);
    }
    expect((await other.get(await subscriptionPath(reader, 'Link Roundup'))).status).toBe(404);
  });

  async function subscriptionPath(client: WebClient, title: string): Promise<string> {
    const list = await client.get('/feeds');
    return new RegExp(`href="(/feeds/[0-9A-Z]{26})"[^>]*>${title}<`).exec(list.html)![1];
  }

  async function ask(from: string, repliedTo: CapturedEmail, words: string, messageId: string) {
    const to = repliedTo.parsed.replyTo![0].address!;
    const before = smtp.messages.length;
    const reply = rawMessage({
      from,
      to,
      subject: `Re: ${repliedTo.parsed.subject}`,
      messageId,
      text: words,
    });
    expect(await smtpTransport(() => inboundPort).deliver(reply, { from, to: [to] })).toEqual({
      accepted: true,
    });
    const [answer] = (await smtp.waitFor(before + 1)).slice(before);
    expect(answer.envelope.to).toEqual([from]);
    return answer;
  }
});

/** The rows of the page's delivery record: when seen, the post's title, what happened. */
function recordRows(html: string): Array<{ seen: string; title: string; outcome: string }> {
  const table = /<table class="ledger post-record">([\s\S]*?)<\/table>/.exec(html)?.[1] ?? '';
  return [
    ...table.matchAll(/<tr class="fate-[a-z-]+"><td>(.*?)<\/td><td>(.*?)<\/td><td>(.*?)<\/td><\/tr>/g),
  ].map(([, seen, post, outcome]) => ({
    seen: decodeHTML(seen),
    title: decodeHTML(post.replace(/<[^>]+>/g, '')),
    outcome: decodeHTML(outcome),
  }));
}
