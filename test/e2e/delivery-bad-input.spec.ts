import { runTidings } from '../support/cli';
import { createTestDatabase, TestDatabase } from '../support/test-database';

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
