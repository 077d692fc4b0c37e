import { existsSync, readFileSync } from 'node:fs';
import { runTidings } from '../support/cli';
import { FeedServer, rssFeed } from '../support/feed-server';
import { ServerProcess, startServerProcess } from '../support/server-process';
import { SmtpCapture } from '../support/smtp-capture';
import { createTestDatabase, TestDatabase } from '../support/test-database';
import { signedInByMail } from '../support/mail-sign-in';

const PASSWORD = 'Sekr3t-horse-Battery-88';
const WRONG = 'wrong-password-XYZ';
const TOKEN = 'bearer-token-QWERTY';
const basic = (password: string) => `Basic ${Buffer.from(`ada:${password}`).toString('base64')}`;
/** Every spelling of a secret someone could grep for: as typed, and as it went over the wire. */
const SECRETS = [PASSWORD, WRONG, TOKEN, basic(PASSWORD).slice(6), basic(WRONG).slice(6)];

/**
 * A feed behind a login as its reader meets it from the command line, with every log at debug level:
 * the CLI and the server print and store the login nowhere, say a refusal in words, and the feed's
 * login never reaches the host a redirect points to. Real processes, SQLite, two loopback hosts.
 */
describe('a feed behind a login, from the command line', () => {
  let site: FeedServer;
  let elsewhere: FeedServer;
  let smtp: SmtpCapture;
  let database: TestDatabase;
  let server: ServerProcess | undefined;
  let env: Record<string, string>;
  let printed = '';
  const tidings = async (args: string[], input?: string) => {
    const result = await runTidings(['--verbose', ...args], env, undefined, input);
    printed += result.stdout + result.stderr;
    return result;
  };

  const signedIn = (email: string) => signedInByMail(server!.baseUrl, smtp, email);
  beforeAll(async () => {
    site = await new FeedServer().start();
    elsewhere = await new FeedServer().start('127.0.0.2');
    smtp = await new SmtpCapture().start();
    database = await createTestDatabase('sqlite');
    env = {
      DATABASE_URL: database.url,
      SMTP_URL: smtp.url,
      MAIL_FROM: 'tidings@tidings.test',
      SECRET_KEY: 'feed login e2e secret key 0123456789',
      LOG_LEVEL: 'debug',
      FETCH_HOST_GAP_MS: '0',
    };
    const body = rssFeed('Members', [{ title: 'Inside', link: 'https://members.example/inside' }]);
    site.set('/members.xml', {
      handler: (request, response) => {
        if (request.headers.authorization === basic(PASSWORD))
          return response.writeHead(200, { 'content-type': 'application/rss+xml' }).end(body);
        response.writeHead(401, { 'www-authenticate': 'Basic realm="members"' }).end('login');
      },
    });
    site.set('/away.xml', { status: 302, headers: { location: elsewhere.url('/members.xml') } });
    elsewhere.set('/members.xml', { body });
    site.set('/to-locked.xml', { status: 302, headers: { location: elsewhere.url('/locked.xml') } });
    elsewhere.set('/locked.xml', { status: 401, body: 'login' });
    for (const args of [
      ['migrate'],
      ['users', 'add', 'ada@example.com'],
      ['users', 'add', 'boss@example.com', '--role', 'admin'],
    ])
      expect((await tidings(args)).code).toBe(0);
  });

  afterAll(async () => {
    await server?.stop();
    await Promise.all([site.stop(), elsewhere.stop(), smtp.stop()]);
    await database.drop();
  });

  it('polls with its login, says a refusal in words, and prints, stores and shows it nowhere', async () => {
    const members = site.url('/members.xml');
    const basicLogin = ['--auth-user', 'ada', '--auth-password-stdin'];
    const subscribed = await tidings(
      ['subscribe', 'ada@example.com', members, ...basicLogin],
      `${PASSWORD}\n`,
    );
    expect(subscribed.stdout).toMatch(
      /^subscribed ada@example.com to .*members\.xml "Members" \(realtime, with its login\)$/m,
    );
    const refused = await tidings(['subscribe', 'ada@example.com', members, ...basicLogin], WRONG);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      `error: ${members} did not take this login (status 401): check the user name and password, or the token.\n`,
    );
    const inUrl = await tidings([
      'subscribe',
      'ada@example.com',
      members.replace('//', `//ada:${PASSWORD}@`),
    ]);
    expect(inUrl.code).toBe(1);
    expect(inUrl.stderr).toContain(`error: ${members}: a feed's URL carries no user name or password`);
    const redirected = await tidings(
      ['subscribe', 'ada@example.com', site.url('/to-locked.xml'), ...basicLogin],
      PASSWORD,
    );
    expect(redirected.code).toBe(1);
    expect(redirected.stderr).toContain(
      `error: ${site.url('/to-locked.xml')} redirects to ${elsewhere.url('/locked.xml')}, which asks for a login ` +
        `(status 401): a login is sent only to the address's own origin (${new URL(members).origin}); ` +
        `subscribe to ${elsewhere.url('/locked.xml')} with it.\n`,
    );
    const unchecked = [...basicLogin, '--no-check'];
    expect((await tidings(['subscribe', 'ada@example.com', members, ...unchecked], WRONG)).code).toBe(0);
    const bearer = ['--auth-bearer-stdin', '--no-check'];
    expect((await tidings(['subscribe', 'ada@example.com', members, ...bearer], TOKEN)).code).toBe(0);
    const away = site.url('/away.xml');
    expect((await tidings(['subscribe', 'ada@example.com', away, ...basicLogin], PASSWORD)).code).toBe(0);

    const polled = await tidings(['poll', '--all']);
    expect(polled.stdout.match(/failed .*: the feed asks for a login \(HTTP 401\)/g)).toHaveLength(2);
    expect(site.requests.filter((request) => request.url === '/away.xml').length).toBeGreaterThan(0);
    expect(elsewhere.requests.length).toBeGreaterThan(0);
    expect(elsewhere.requests.map((request) => request.headers.authorization ?? null)).toEqual(
      elsewhere.requests.map(() => null),
    );
    const sentToSite = new Set(site.requests.map((request) => request.headers.authorization ?? null));
    expect(sentToSite).toEqual(new Set([basic(PASSWORD), basic(WRONG), `Bearer ${TOKEN}`]));

    // What the reader and the operator are shown: that a login is set, and why a feed fails.
    const shown = JSON.parse((await tidings(['users', 'show', 'ada@example.com', '--json'])).stdout) as {
      subscriptions: Array<{ url: string; login: string | null }>;
    };
    expect(shown.subscriptions.map((subscription) => subscription.login)).toEqual([
      'set',
      'set',
      'set',
      'set',
    ]);
    expect((await tidings(['users', 'show', 'ada@example.com'])).stdout).toContain(
      `${members} (with a login)`,
    );
    const listed = (await tidings(['feeds', 'list'])).stdout;
    expect(
      listed.match(/members\.xml \(with a login\) .* failing: the feed asks for a login \(HTTP 401\)$/gm),
    ).toHaveLength(2);
    expect((await tidings(['opml', 'export', 'ada@example.com'])).stdout).toContain('xmlUrl=');

    server = await startServerProcess(env);
    const boss = await signedIn('boss@example.com');
    const admin = await boss.get('/admin?q=ada%40example.com');
    expect(admin.status).toBe(200);
    expect(admin.html).toContain(members);
    printed += admin.html + server.output();

    const stored = [database.url.slice('sqlite:'.length)]
      .flatMap((file) => [file, `${file}-wal`])
      .filter((file) => existsSync(file))
      .map((file) => readFileSync(file).toString('latin1'))
      .join('');
    expect(stored).toContain('members.xml');
    expect(printed).toContain('members.xml');
    for (const secret of SECRETS) {
      expect(printed).not.toContain(secret);
      expect(stored).not.toContain(secret);
    }
  });
});
