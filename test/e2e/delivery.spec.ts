import { runTidings } from '../support/cli';
import { expectInOrder } from '../support/expect-in-order';
import { FeedServer, rssFeed } from '../support/feed-server';
import { startServerProcess } from '../support/server-process';
import { SmtpCapture } from '../support/smtp-capture';
import { createTestDatabase, TestDatabase, testDialects } from '../support/test-database';

const post = (slug: string, title: string, date: string) => ({
  title,
  link: `https://blog.example/${slug}`,
  date,
  description: `About ${title}`,
});

describe.each(testDialects())('delivery on %s: poll → real-time emails → one digest', (dialect) => {
  let feeds: FeedServer;
  let smtp: SmtpCapture;
  let database: TestDatabase;
  let env: Record<string, string>;
  const tidings = async (...args: string[]) => {
    const result = await runTidings(args, env);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    return result.stdout;
  };

  beforeAll(async () => {
    feeds = await new FeedServer().start();
    smtp = await new SmtpCapture().start();
    database = await createTestDatabase(dialect);
    env = { DATABASE_URL: database.url, SMTP_URL: smtp.url, MAIL_FROM: 'tidings@tidings.test' };
    await tidings('migrate');
  });

  afterAll(async () => {
    await feeds.stop();
    await smtp.stop();
    await database.drop();
  });

  it('emails real-time readers as entries appear and the digest reader once, at 07:00 in New York', async () => {
    const oldPost = post('old', 'Old post', 'Mon, 16 Nov 2026 08:00:00 GMT');
    feeds.set('/example.xml', { body: rssFeed('Example Blog', [oldPost]) });
    feeds.set('/zeta.xml', { body: rssFeed('Zeta News', []) });
    await tidings('users', 'add', 'now@example.com');
    await tidings('users', 'add', 'calm@example.com', '--timezone', 'America/New_York', '--digest-hour', '7');
    await tidings('subscribe', 'now@example.com', feeds.url('/example.xml'), '--exclude', 'sponsored');
    for (const path of ['/example.xml', '/zeta.xml'])
      await tidings('subscribe', 'calm@example.com', feeds.url(path), '--mode', 'daily');
    await tidings('poll', '--once', '--all', '--at', '2026-11-21T15:00:00Z');
    expect(smtp.messages).toHaveLength(0);

    feeds.set('/example.xml', {
      body: rssFeed('Example Blog', [
        post('b', 'Bread at dawn', 'Sat, 21 Nov 2026 15:30:00 GMT'),
        post('s', 'A sponsored post', 'Sat, 21 Nov 2026 15:20:00 GMT'),
        post('a', 'Apples in autumn', 'Sat, 21 Nov 2026 15:10:00 GMT'),
        oldPost,
      ]),
    });
    feeds.set('/zeta.xml', {
      body: rssFeed('Zeta News', [post('z', 'Zebras crossing', 'Sat, 21 Nov 2026 15:40:00 GMT')]),
    });
    await tidings('poll', '--once', '--all', '--at', '2026-11-21T16:00:00Z');
    const realtime = await smtp.waitFor(2);
    expect(realtime.map((email) => email.envelope.to[0])).toEqual(['now@example.com', 'now@example.com']);
    expect(realtime.map((email) => email.parsed.subject).sort()).toEqual([
      'Apples in autumn',
      'Bread at dawn',
    ]);
    expect(realtime[0].parsed.from?.name).toBe('Example Blog');

    expect(await tidings('digests', 'send', '--at', '2026-11-22T11:59:00Z')).toMatch(/^0 digests composed/);
    expect(smtp.messages).toHaveLength(2);
    expect(await tidings('digests', 'send', '--at', '2026-11-22T12:00:00Z')).toMatch(
      /^1 digests composed .*1 emails sent/,
    );
    const [digest] = (await smtp.waitFor(3)).slice(2);
    expect(digest.envelope.to).toEqual(['calm@example.com']);
    expect(digest.parsed.subject).toBe('Your daily digest');
    for (const text of [digest.parsed.text ?? '', digest.parsed.html ?? '']) {
      expectInOrder(text, ['Example Blog', 'Zeta News']);
      expectInOrder(text, ['Bread at dawn', 'A sponsored post', 'Apples in autumn', 'Zebras crossing']);
      expect(text).not.toContain('Old post');
    }

    expect(await tidings('digests', 'send', '--at', '2026-11-22T12:05:00Z')).toMatch(/^0 digests composed/);
    expect(smtp.messages).toHaveLength(3);
  });
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

describe('delivery settings on bad input', () => {
  let database: TestDatabase;
  let env: Record<string, string>;
  const feedUrl = 'https://blog.example/feed.xml';

  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    env = { DATABASE_URL: database.url };
    expect((await runTidings(['users', 'add', 'ok@example.com'], env)).code).toBe(0);
  });

  afterAll(() => database.drop());

  it.each([
    [['users', 'add', 'a@example.com', '--timezone', 'Mars/Olympus'], /timezone: expected an IANA timezone/],
    [['users', 'add', 'a@example.com', '--digest-hour', '24'], /digestHour: expected an hour from 0 to 23/],
    [
      ['subscribe', 'ok@example.com', feedUrl, '--keep-recent', '0'],
      /keepRecent: expected a whole number of at least 1/,
    ],
    [
      ['subscribe', 'ok@example.com', feedUrl, '--include', ' , '],
      /^error: --include: expected words or "quoted phrases"\n$/,
    ],
    [
      [
        'subscribe',
        'ok@example.com',
        feedUrl,
        '--exclude',
        Array.from({ length: 101 }, (_, i) => `w${i}`).join(' '),
      ],
      /excludeWords: at most 100 keywords/,
    ],
    [
      ['subscribe', 'ok@example.com', feedUrl, '--regex', '(a+)+$'],
      /filterRegex: the regular expression repeats/,
    ],
    [
      ['subscribe', 'ok@example.com', feedUrl, '--regex', '(x|xx)+y$'],
      /filterRegex: the regular expression is too slow/,
    ],
    [['digests', 'send', '--at', 'tomorrow'], /^error: --at: expected an ISO 8601 instant/],
  ])('tidings %j fails with one clear line', async (args, message) => {
    const result = await runTidings(args, env);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(message);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('stored nothing from the refused commands', async () => {
    const shown = await runTidings(['users', 'show', 'a@example.com'], env);
    expect(shown.stderr).toMatch(/no user with the email a@example.com/);
    const ok = JSON.parse((await runTidings(['users', 'show', 'ok@example.com', '--json'], env)).stdout);
    expect(ok.subscriptions).toEqual([]);
    expect(JSON.parse((await runTidings(['feeds', 'list', '--json'], env)).stdout)).toEqual([]);
  });
});
