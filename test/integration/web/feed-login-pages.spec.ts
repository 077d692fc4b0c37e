import { PollService } from '../../../src/fetcher/poll.service';
import { FeedServer, rssFeed } from '../../support/feed-server';
import { testDialects } from '../../support/test-database';
import { createWebTestApp, WebClient, WebTestApp } from '../../support/web-app';

const PASSWORD = 'pw-members-81Zx';
const BASIC = `Basic ${Buffer.from(`ada:${PASSWORD}`).toString('base64')}`;

describe.each(testDialects())('a feed behind a login on the dashboard (%s)', (dialect) => {
  let web: WebTestApp;
  let site: FeedServer;
  let reader: WebClient;

  beforeAll(async () => {
    web = await createWebTestApp(dialect);
    site = await new FeedServer().start();
    site.set('/members.xml', {
      handler: (request, response) => {
        if (request.headers.authorization !== BASIC) return response.writeHead(401).end('login');
        const body = rssFeed('Members', [{ title: 'Inside', link: 'https://blog.example/inside' }]);
        response.writeHead(200, { 'content-type': 'application/rss+xml' }).end(body);
      },
    });
    reader = web.browser();
    await reader.signIn('member@example.com');
  });

  afterAll(async () => {
    await site.stop();
    await web.close();
  });

  it('subscribes with a login, shows only that one is set, changes and removes it', async () => {
    const url = site.url('/members.xml');
    await reader.get('/feeds/add');
    const login = { url, loginKind: 'basic', loginUser: 'ada' };
    const refused = await reader.post('/feeds/with-login', { ...login, loginPassword: 'wrong' });
    expect(refused.status).toBe(422);
    expect(refused.html).toContain(
      'did not take this login (status 401): check the user name and password, or the token.',
    );
    expect(refused.html).not.toContain('wrong');

    const added = await reader.post('/feeds/with-login', { ...login, loginPassword: PASSWORD });
    expect(added.status).toBe(303);
    const page = await reader.get(added.location!);
    expect(page.html).toContain('Login saved.');
    expect(page.html).toContain('A login is <strong>set</strong>');
    expect(page.html).not.toContain(PASSWORD);
    expect(page.html).not.toContain('value="ada"');
    const preview = await reader.get(`${added.location!.split('?')[0]}/preview`);
    expect(preview.html).toContain('Inside');

    const bad = await reader.post(`${added.location!.split('?')[0]}/login`, {
      loginKind: 'bearer',
      loginToken: 'two words',
    });
    expect(bad.status).toBe(422);
    expect(bad.html).toContain('a bearer token is printable ASCII without spaces');

    const removed = await reader.post(`${added.location!.split('?')[0]}/login/remove`, {});
    expect(removed.location).toMatch(/notice=login-removed$/);
    expect((await reader.get(removed.location!)).html).toContain('No login:');

    // Polled without its login, the feed fails, and its page says why in words.
    await web.app.get(PollService).pollDue({ all: true });
    const failing = await reader.get(removed.location!);
    expect(failing.html).toContain('<span class="badge status-failing">failing</span>');
    expect(failing.html).toMatch(
      /<dt>Last error<\/dt><dd class="problem-text">the feed asks for a login \(HTTP 401\)<\/dd>/,
    );
  });
});
