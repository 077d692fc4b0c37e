import { runTidings } from '../support/cli';
import { FeedServer, rssFeed } from '../support/feed-server';
import { startServerProcess } from '../support/server-process';
import { SmtpCapture } from '../support/smtp-capture';
import { createTestDatabase, TestDatabase } from '../support/test-database';

const post = (slug: string, title: string, date: string) => ({
  title,
  link: `https://blog.example/${slug}`,
  date,
  description: `About ${title}`,
});

describe('the service sends digests by itself', () => {
  let feeds: FeedServer;
  let smtp: SmtpCapture;
  let database: TestDatabase;
  let env: Record<string, string>;

  beforeAll(async () => {
    feeds = await new FeedServer().start();
    smtp = await new SmtpCapture().start();
    database = await createTestDatabase('sqlite');
    env = { DATABASE_URL: database.url, SMTP_URL: smtp.url };
  });

  afterAll(async () => {
    await feeds.stop();
    await smtp.stop();
    await database.drop();
  });

  it('catches up on start: a digest missed while the service was down goes out once it runs', async () => {
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
    const run = async (...args: string[]) => expect((await runTidings(args, env)).code).toBe(0);
    feeds.set('/calm.xml', { body: rssFeed('Calm Blog', []) });
    await run('users', 'add', 'late@example.com', '--digest-hour', '0');
    await run('subscribe', 'late@example.com', feeds.url('/calm.xml'), '--mode', 'daily');
    await run('poll', '--once', '--all', '--at', daysAgo(3));
    feeds.set('/calm.xml', { body: rssFeed('Calm Blog', [post('w', 'While you were away', daysAgo(2))]) });
    await run('poll', '--once', '--all', '--at', daysAgo(2));
    expect(smtp.messages).toHaveLength(0);

    const server = await startServerProcess(env);
    try {
      const [digest] = await smtp.waitFor(1);
      expect(digest.envelope.to).toEqual(['late@example.com']);
      expect(digest.parsed.subject).toBe('Your daily digest');
      expect(digest.parsed.text).toContain('While you were away');
    } finally {
      await server.stop();
    }
  });
});
