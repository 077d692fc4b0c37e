import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runTidings } from '../support/cli';
import { createTestDatabase, TestDatabase } from '../support/test-database';

describe('tidings opml import / export', () => {
  let database: TestDatabase;
  let directory: string;
  let env: Record<string, string>;
  const tidings = (...args: string[]) => runTidings(args, env);

  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    directory = mkdtempSync(join(tmpdir(), 'tidings-opml-'));
    env = { DATABASE_URL: database.url };
    expect((await tidings('users', 'add', 'opml@example.com')).code).toBe(0);
  });

  afterAll(async () => {
    await database.drop();
    rmSync(directory, { recursive: true, force: true });
  });

  it('imports the http(s) feeds of a file and exports them back as OPML 2.0', async () => {
    const file = join(directory, 'in.opml');
    writeFileSync(
      file,
      '<?xml version="1.0"?><opml version="1.0"><body><outline text="News">' +
        '<outline xmlUrl="https://news.example/rss" text="News &amp; more"/></outline>' +
        '<outline xmlUrl="javascript:alert(1)"/><outline xmlUrl="https://blog.example/feed"/></body></opml>',
    );
    const imported = await tidings('opml', 'import', 'opml@example.com', file);
    expect(imported.stdout).toBe(
      'imported 2 feeds for opml@example.com: 0 already subscribed, 1 rejected (not http(s))\n',
    );
    expect((await tidings('opml', 'import', 'opml@example.com', file)).stdout).toMatch(
      /imported 0 feeds .*: 2 already subscribed/,
    );
    const exported = await tidings('opml', 'export', 'opml@example.com');
    expect(exported.code).toBe(0);
    expect(exported.stdout).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<opml version="2.0" xmlns:tidings="/,
    );
    expect(exported.stdout).toContain('xmlUrl="https://news.example/rss"');
    expect(exported.stdout).toContain('xmlUrl="https://blog.example/feed"');
  });

  it("carries each feed's settings through export and import, and never a login", async () => {
    const source = 'source@example.com';
    const target = 'target@example.com';
    for (const email of [source, target]) expect((await tidings('users', 'add', email)).code).toBe(0);
    const settings = [
      '--mode',
      'daily',
      '--tag',
      'Ars',
      '--include',
      'rust, "type theory"',
      '--keep-recent',
      '5',
      '--exclude',
      'crypto, "hot take"',
      '--regex',
      '^Release v\\d+',
      '--on-update',
      'tell',
      '--full-text',
    ];
    const news = 'https://news.example/rss';
    expect((await tidings('subscribe', source, news, '--no-check', ...settings)).code).toBe(0);
    const monthly = ['--mode', 'monthly', '--day-of-month', '31', '--keep-random', '3'];
    expect(
      (await tidings('subscribe', source, 'https://month.example/rss', '--no-check', ...monthly)).code,
    ).toBe(0);
    const login = ['--auth-user', 'ada', '--auth-password-stdin', '--no-check'];
    const privateFeed = await runTidings(
      ['subscribe', source, 'https://members.example/feed', ...login],
      env,
      undefined,
      'pw-4f9Q-secret\n',
    );
    expect(privateFeed.stdout).toMatch(/subscribed .* \(realtime, with its login\)/);

    const exported = await tidings('opml', 'export', source);
    expect(exported.stdout).toContain('tidings:mode="daily"');
    expect(exported.stdout).toContain('tidings:subjectTag="Ars"');
    expect(exported.stdout).not.toMatch(/pw-4f9Q|ada/);
    const file = join(directory, 'settings.opml');
    writeFileSync(file, exported.stdout);
    expect((await tidings('opml', 'import', target, file)).stdout).toMatch(/imported 3 feeds/);

    // The settings, not the titles: a feed never polled has none, and OPML names it by its URL.
    const shown = async (email: string) =>
      (
        JSON.parse((await tidings('users', 'show', email, '--json')).stdout) as {
          subscriptions: Array<{ title: string | null; login: string | null }>;
        }
      ).subscriptions.map((subscription) => ({ ...subscription, title: undefined }));
    // The login stays behind: the import subscribes to the feed's URL without it.
    const withoutLogin = (subscriptions: Array<{ login: string | null }>) =>
      subscriptions.map((subscription) => ({ ...subscription, login: undefined }));
    expect((await shown(source)).map((subscription) => subscription.login)).toEqual([null, null, 'set']);
    expect((await shown(target)).map((subscription) => subscription.login)).toEqual([null, null, null]);
    expect(withoutLogin(await shown(target))).toEqual(withoutLogin(await shown(source)));
    expect(await shown(target)).toContainEqual(
      expect.objectContaining({
        url: news,
        mode: 'daily',
        tag: 'Ars',
        keepRecent: 5,
        includeWords: ['rust', 'type theory'],
        excludeWords: ['crypto', 'hot take'],
        filterRegex: '^Release v\\d+',
        onUpdate: 'tell',
        fullText: true,
      }),
    );
    expect(await shown(target)).toContainEqual(
      expect.objectContaining({ mode: 'monthly', dayOfMonth: 31, keepRandom: 3 }),
    );
  });

  it.each([
    [
      'a missing file',
      () => join(directory, 'missing.opml'),
      /^error: cannot read .*missing.opml: no such file\n$/,
    ],
    [
      'a malformed file',
      () => {
        writeFileSync(join(directory, 'bad.opml'), '<opml><body><outline');
        return join(directory, 'bad.opml');
      },
      /^error: not a readable OPML file/,
    ],
    [
      'a huge file',
      () => {
        writeFileSync(join(directory, 'huge.opml'), Buffer.alloc(6 * 1024 * 1024, 32));
        return join(directory, 'huge.opml');
      },
      /^error: .*huge.opml is larger than 5 MB\n$/,
    ],
  ])('refuses %s with one clear line', async (_name, makeFile, message) => {
    const result = await tidings('opml', 'import', 'opml@example.com', makeFile());
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(message);
  });

  it('refuses a feed on a link-local or private address by subscribe and by import, with one reason, storing nothing', async () => {
    const metadata = 'http://169.254.169.254/latest/meta-data/';
    const reason =
      /169\.254\.169\.254 is not a public address \(169\.254\.169\.254\): Tidings does not fetch from loopback, link-local or private networks/;
    const subscribed = await tidings('subscribe', 'opml@example.com', metadata);
    expect(subscribed.code).toBe(1);
    expect(subscribed.stderr).toMatch(reason);
    const decimal = await runTidings(['subscribe', 'opml@example.com', 'http://2130706433/feed'], {
      ...env,
      FETCH_ALLOW_PRIVATE: 'false',
    });
    expect(decimal.code).toBe(1);
    expect(decimal.stderr).toMatch(/127\.0\.0\.1 is not a public address/);

    const file = join(directory, 'private.opml');
    writeFileSync(
      file,
      `<?xml version="1.0"?><opml version="1.0"><body><outline xmlUrl="${metadata}"/>` +
        '<outline xmlUrl="https://public.example/rss"/></body></opml>',
    );
    const imported = await tidings('opml', 'import', 'opml@example.com', file);
    expect(imported.code).toBe(0);
    expect(imported.stdout).toMatch(/^imported 1 feeds for opml@example.com/);
    expect(imported.stdout).toMatch(new RegExp(`\nrefused: ${reason.source}`));
    const shown = JSON.parse((await tidings('users', 'show', 'opml@example.com', '--json')).stdout);
    const urls = shown.subscriptions.map((subscription: { url: string }) => subscription.url);
    expect(urls).toContain('https://public.example/rss');
    expect(urls.filter((url: string) => !url.startsWith('https://'))).toEqual([]);
  });

  it('refuses an unknown user', async () => {
    const result = await tidings('opml', 'export', 'nobody@example.com');
    expect(result.code).toBe(1);
    expect(result.stderr).toBe('error: no user with the email nobody@example.com\n');
  });
});
