import { runTidings } from '../support/cli';
import { FeedServer, rssFeed } from '../support/feed-server';
import { startServerProcess } from '../support/server-process';
import { SmtpCapture } from '../support/smtp-capture';
import { createTestDatabase, TestDatabase } from '../support/test-database';

describe('a reader unsubscribes from an email with one click', () => {
  let feeds: FeedServer;
  let smtp: SmtpCapture;
  let database: TestDatabase;
  let env: Record<string, string>;
  const tidings = (...args: string[]) => runTidings(args, env);
  const subscriptionCount = async () =>
    (
      JSON.parse((await tidings('users', 'show', 'reader@example.com', '--json')).stdout) as {
        subscriptions: [];
      }
    ).subscriptions.length;

  beforeAll(async () => {
    feeds = await new FeedServer().start();
    smtp = await new SmtpCapture().start();
    database = await createTestDatabase('sqlite');
    env = {
      DATABASE_URL: database.url,
      SMTP_URL: smtp.url,
      MAIL_FROM: 'news@tidings.test',
      PUBLIC_URL: 'https://tidings.test',
      SECRET_KEY: 'e2e-secret-key-0123456789abcdef',
    };
  });

  afterAll(async () => {
    await feeds.stop();
    await smtp.stop();
    await database.drop();
  });

  it('the email’s List-Unsubscribe link: GET shows a button, the one-click POST ends the subscription', async () => {
    const first = { title: 'First', link: 'https://blog.example/1' };
    feeds.set('/feed.xml', { body: rssFeed('Example Blog', [first]) });
    expect((await tidings('users', 'add', 'reader@example.com')).code).toBe(0);
    expect((await tidings('subscribe', 'reader@example.com', feeds.url('/feed.xml'))).code).toBe(0);
    expect((await tidings('poll', '--once')).code).toBe(0);
    feeds.set('/feed.xml', {
      body: rssFeed('Example Blog', [{ title: 'Second', link: 'https://blog.example/2' }, first]),
    });
    expect((await tidings('poll', '--once', '--all')).stdout).toMatch(/1 emails sent/);

    const [email] = await smtp.waitFor(1);
    expect(email.header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const path = /<https:\/\/tidings\.test(\/unsubscribe\/[^>]+)>/.exec(
      email.header('list-unsubscribe')!,
    )![1];
    expect(email.parsed.text).toContain(`https://tidings.test${path}`);

    const server = await startServerProcess(env);
    try {
      const page = await fetch(`${server.baseUrl}${path}`, { redirect: 'manual' });
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<button type="submit">Unsubscribe</button>');
      expect(await subscriptionCount()).toBe(1);

      const click = await fetch(`${server.baseUrl}${path}`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });
      expect(click.status).toBe(200);
      expect(click.headers.get('set-cookie')).toBeNull();
      expect(click.headers.get('location')).toBeNull();
      expect(await subscriptionCount()).toBe(0);

      const altered = `${path.slice(0, -1)}${path.endsWith('A') ? 'B' : 'A'}`;
      const forged = await fetch(`${server.baseUrl}${altered}`, { method: 'POST' });
      expect(forged.status).toBe(400);
    } finally {
      await server.stop();
    }
  });
});
