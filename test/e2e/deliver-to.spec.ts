import { runTidings } from '../support/cli';
import { FeedServer, rssFeed } from '../support/feed-server';
import { freePort, startServerProcess } from '../support/server-process';
import { CapturedEmail, SmtpCapture } from '../support/smtp-capture';
import { createTestDatabase, TestDatabase, testDialects } from '../support/test-database';
import { WebClient } from '../support/web-app';

const post = (slug: string, date: string) => ({
  title: `Post ${slug}`,
  link: `https://blog.example/${slug}`,
  guid: slug,
  date,
  description: `About ${slug}`,
});
const LISTS = 'lists@ada.example';

/** CLI and service as users run them, the real SMTP capture, the confirmation link over real HTTP. */
describe.each(testDialects())('a delivery address per subscription (%s)', (dialect) => {
  let feeds: FeedServer;
  let smtp: SmtpCapture;
  let database: TestDatabase;
  let env: Record<string, string>;
  const posts: Array<ReturnType<typeof post>> = [];
  const tidings = async (...args: string[]) => {
    const result = await runTidings(args, env);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    return result.stdout;
  };
  /** Publishes one more post and polls it: what was sent since, as `to: subject`. */
  const publishAndPoll = async (slug: string, at: string) => {
    const before = smtp.messages.length;
    posts.unshift(post(slug, new Date(Date.parse(at) - 60_000).toUTCString()));
    feeds.set('/blog.xml', { body: rssFeed('Example Blog', posts) });
    await tidings('poll', '--once', '--all', '--at', at);
    return seen((await smtp.waitFor(before + 2)).slice(before));
  };
  const seen = (emails: CapturedEmail[]) =>
    emails.map((email) => `${email.envelope.to.join()}: ${email.parsed.subject}`).sort();
  const linkIn = (email: CapturedEmail) => /https?:\/\/\S+\/deliver-to\/[\w-]+/.exec(email.parsed.text!)![0];
  const deliverToOf = async (email: string) =>
    JSON.parse(await tidings('users', 'show', email, '--json')).subscriptions[0].deliverTo;

  beforeAll(async () => {
    feeds = await new FeedServer().start();
    smtp = await new SmtpCapture().start();
    database = await createTestDatabase(dialect);
    const port = String(await freePort());
    env = {
      DATABASE_URL: database.url,
      SMTP_URL: smtp.url,
      MAIL_FROM: 'tidings@tidings.test',
      PORT: port,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    };
    await tidings('migrate');
    feeds.set('/blog.xml', { body: rssFeed('Example Blog', []) });
  });

  afterAll(async () => {
    await feeds.stop();
    await smtp.stop();
    await database.drop();
  });

  it('asks the address first, sends there once confirmed, and back to the account when cleared', async () => {
    const url = feeds.url('/blog.xml');
    for (const reader of ['ada', 'bob']) await tidings('users', 'add', `${reader}@example.com`);
    expect(await tidings('subscribe', 'ada@example.com', url, '--deliver-to', LISTS)).toContain(
      `waiting for confirmation at ${LISTS}: a link was sent there`,
    );
    // Another reader naming the same address gets no use of Ada's confirmation: their own link goes there.
    await tidings('subscribe', 'bob@example.com', url, '--deliver-to', LISTS);
    const [adaLink, bobLink] = (await smtp.waitFor(2)).map((email) => {
      expect([email.envelope.to.join(), email.parsed.subject]).toEqual([
        LISTS,
        'Confirm this address for Example Blog',
      ]);
      return linkIn(email);
    });
    expect(adaLink).not.toBe(bobLink);

    await tidings('poll', '--once', '--all', '--at', '2026-11-21T15:00:00Z');
    expect(await publishAndPoll('one', '2026-11-21T16:00:00Z')).toEqual([
      'ada@example.com: Post one',
      'bob@example.com: Post one',
    ]);

    const server = await startServerProcess(env);
    try {
      const browser = new WebClient(server.baseUrl, '');
      const path = new URL(adaLink).pathname;
      const page = await browser.get(path);
      expect(page.status).toBe(200);
      expect(page.html).toContain(`to <strong>${LISTS}</strong>`);
      expect((await browser.post(path)).html).toContain('Address confirmed');
      const again = await browser.post(path);
      expect(again.status).toBe(404);
      expect(again.html).toContain('This confirmation link does not work');
      expect((await browser.get(`${path.slice(0, -4)}AAAA`)).status).toBe(404);
    } finally {
      await server.stop();
    }
    expect(await deliverToOf('ada@example.com')).toEqual({ address: LISTS, confirmed: true });
    expect(await deliverToOf('bob@example.com')).toEqual({ address: LISTS, confirmed: false });

    expect(await publishAndPoll('two', '2026-11-21T17:00:00Z')).toEqual([
      'bob@example.com: Post two',
      `${LISTS}: Post two`,
    ]);

    expect(await tidings('subscribe', 'ada@example.com', url, '--deliver-to', '')).toContain(
      'to the account address',
    );
    expect(await publishAndPoll('three', '2026-11-21T18:00:00Z')).toEqual([
      'ada@example.com: Post three',
      'bob@example.com: Post three',
    ]);
  });
});
