import { runTidings } from '../support/cli';
import { FeedServer, rssFeed } from '../support/feed-server';
import { SmtpCapture } from '../support/smtp-capture';
import { createTestDatabase, TestDatabase, testDialects } from '../support/test-database';

describe.each(testDialects())('the spine on %s: a feed → a poll → an email', (dialect) => {
  let feeds: FeedServer;
  let smtp: SmtpCapture;
  let database: TestDatabase;
  let env: Record<string, string>;
  const tidings = (...args: string[]) => runTidings(args, env);

  beforeAll(async () => {
    feeds = await new FeedServer().start();
    smtp = await new SmtpCapture().start();
    database = await createTestDatabase(dialect);
    env = { DATABASE_URL: database.url, SMTP_URL: smtp.url, MAIL_FROM: 'tidings@tidings.test' };
    expect((await tidings('migrate')).code).toBe(0);
  });

  afterAll(async () => {
    await feeds.stop();
    await smtp.stop();
    await database.drop();
  });

  it('emails exactly one message for the one new item, and nothing on the next poll', async () => {
    const old = {
      title: 'An old post',
      link: 'https://blog.example/old',
      date: 'Mon, 09 Nov 2026 08:00:00 GMT',
    };
    feeds.set('/feed.xml', { body: rssFeed('Example Blog', [old]) });

    expect((await tidings('users', 'add', 'reader@example.com', '--timezone', 'Europe/Paris')).code).toBe(0);
    expect((await tidings('subscribe', 'reader@example.com', feeds.url('/feed.xml'))).code).toBe(0);

    const first = await tidings('poll', '--once');
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(smtp.messages).toHaveLength(0);

    const fresh = {
      title: 'Fresh & new',
      link: 'https://blog.example/fresh',
      date: 'Sun, 22 Nov 2026 08:00:00 GMT',
    };
    feeds.set('/feed.xml', { body: rssFeed('Example Blog', [fresh, old]) });
    const second = await tidings('poll', '--once', '--all');
    expect(second.code).toBe(0);
    expect(second.stdout).toMatch(/1 new entries, 1 emails sent/);

    const [email] = await smtp.waitFor(1);
    expect(email.envelope.to).toEqual(['reader@example.com']);
    expect(email.parsed.to?.[0].address).toBe('reader@example.com');
    expect(email.parsed.subject).toBe('Fresh & new');
    expect(email.parsed.from?.name).toBe('Example Blog');
    expect(email.parsed.text).toContain('Fresh & new');
    expect(email.parsed.text).toContain('https://blog.example/fresh');
    expect(email.parsed.html).toContain('href="https://blog.example/fresh"');

    const third = await tidings('poll', '--once', '--all');
    expect(third.code).toBe(0);
    expect(third.stdout).toMatch(/0 new entries, 0 emails sent/);
    expect(smtp.messages).toHaveLength(1);
  });

  it('records a feed that is not XML as an error for that feed alone', async () => {
    feeds.set('/broken.xml', {
      headers: { 'content-type': 'text/html' },
      body: '<html><body>Not a feed</body></html>',
    });
    expect(
      (await tidings('subscribe', 'reader@example.com', feeds.url('/broken.xml'), '--no-check')).code,
    ).toBe(0);
    const poll = await tidings('poll', '--once', '--all');
    expect(poll.code).toBe(0);
    expect(poll.stdout).toMatch(/\(1 failed\)/);
    const listed = JSON.parse((await tidings('feeds', 'list', '--json')).stdout) as Array<
      Record<string, unknown>
    >;
    expect(listed.find((feed) => feed.url === feeds.url('/broken.xml'))).toMatchObject({
      errorCount: 1,
      lastError: expect.stringMatching(/not a feed/),
    });
    expect(listed.find((feed) => feed.url === feeds.url('/feed.xml'))).toMatchObject({ errorCount: 0 });
  });
});

describe('the CLI on bad input', () => {
  let database: TestDatabase;
  let env: Record<string, string>;

  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    env = { DATABASE_URL: database.url };
  });

  afterAll(() => database.drop());

  it.each([
    [
      ['subscribe', 'nobody@example.com', 'https://blog.example/feed'],
      /^error: no user with the email nobody@example.com\n$/,
    ],
    [['users', 'show', 'nobody@example.com'], /^error: no user with the email/],
    [['users', 'add', 'not-an-email'], /^error: email: expected an email address\n$/],
    [
      ['users', 'add', 'a@example.com', '--digest-hour', 'seven'],
      /^error: --digest-hour: expected a whole number/,
    ],
    [['poll', '--once', '--at', 'yesterday'], /^error: --at: expected an ISO 8601 instant/],
  ])('tidings %j fails with one clear line', async (args, message) => {
    const result = await runTidings(args, env);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toMatch(message);
  });

  it('refuses a feed URL that is not http(s) and stores nothing', async () => {
    expect((await runTidings(['users', 'add', 'b@example.com'], env)).code).toBe(0);
    const result = await runTidings(['subscribe', 'b@example.com', 'file:///etc/passwd'], env);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe('error: "file:///etc/passwd" is not an http(s) URL\n');
    expect(JSON.parse((await runTidings(['feeds', 'list', '--json'], env)).stdout)).toEqual([]);
  });

  it.each([
    [
      'postgres://u@h/db',
      /^error: Invalid configuration:\n {2}- DATABASE_URL: expected sqlite:PATH or mysql:/,
    ],
    [
      'mysql://root@127.0.0.1:1/nothing',
      /^error: cannot open the database mysql:\/\/root@127.0.0.1:1\/nothing: .*ECONNREFUSED/,
    ],
  ])('names a bad DATABASE_URL %s', async (url, message) => {
    const result = await runTidings(['feeds', 'list'], { DATABASE_URL: url });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(message);
  });
});
