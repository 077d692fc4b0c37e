import { DataSource } from 'typeorm';
import { AccountsService } from '../../../src/accounts/accounts.service';
import { FeedsService } from '../../../src/feeds/feeds.service';
import { testDialects } from '../../support/test-database';
import { createWebTestApp, WebClient, WebTestApp } from '../../support/web-app';

const SECRET = 'support-webhook-secret-0123456789';

describe.each(testDialects())('the support pages on %s', (dialect) => {
  let web: WebTestApp;
  let agent: WebClient;
  let reader: WebClient;
  let threadPath: string;

  beforeAll(async () => {
    web = await createWebTestApp(dialect, { SUPPORT_WEBHOOK_SECRET: SECRET });
    await web.app.get(AccountsService).addUser({ email: 'agent@example.com', role: 'support' });
    agent = web.browser();
    await agent.signIn('agent@example.com');
    reader = web.browser();
    await reader.signIn('reader@example.com');
    const readerAccount = await web.app.get(AccountsService).getByEmail('reader@example.com');
    await web.app.get(FeedsService).subscribe(readerAccount.id, 'https://blog.example/feed.xml', {});
    const inbound = await fetch(`${web.baseUrl}/support/inbound`, {
      method: 'POST',
      headers: { authorization: `Bearer ${SECRET}`, 'content-type': 'message/rfc822' },
      body: [
        'From: Reader <reader@example.com>',
        'To: support@tidings.test',
        'Subject: My digest is late <b>again</b>',
        'Message-ID: <question-1@reader.example>',
        'Date: Sun, 22 Nov 2026 09:00:00 +0000',
        'Content-Type: text/html; charset=utf-8',
        '',
        '<p>Where is it?</p><script>alert(1)</script><img src=x onerror=alert(2)>',
        '',
      ].join('\r\n'),
    });
    expect(inbound.status).toBeLessThan(300);
  });

  afterAll(() => web.close());

  it('answers 404 to anyone but support staff, signed in or not (no redirect that tells the page is there)', async () => {
    const stranger = web.browser();
    for (const visitor of [reader, stranger]) {
      for (const path of ['/support', '/support/threads/anything', '/support/attachments/anything']) {
        const page = await visitor.get(path);
        expect([path, page.status, page.location]).toEqual([path, 404, null]);
      }
    }
    await stranger.get('/signin');
    expect((await stranger.post('/support/threads/anything/reply', { text: 'Hi' })).status).toBe(404);
    expect((await stranger.post('/support/threads/anything/reply', { text: 'Hi', _csrf: '' })).status).toBe(
      403,
    );
  });

  it('lists the threads and shows one with the writer’s context, inbound HTML sanitised', async () => {
    const list = await agent.get('/support');
    expect(list.status).toBe(200);
    expect(list.html).toContain('My digest is late &lt;b&gt;again&lt;/b&gt;');
    threadPath = /href="(\/support\/threads\/[^"]+)"/.exec(list.html)![1];
    const thread = await agent.get(threadPath);
    expect(thread.status).toBe(200);
    expect(thread.html).toContain('Where is it?');
    expect(thread.html).toContain('<strong>reader@example.com</strong>');
    expect(thread.html).toMatch(/\d+ credits/);
    expect(thread.html).toMatch(/<li>[^<]*<span class="hint">\(realtime, active\)<\/span><\/li>/);
    expect(thread.html).not.toMatch(/alert\(|onerror/);
  });

  it('refuses a reply without the CSRF field', async () => {
    const refused = await agent.post(`${threadPath}/reply`, { text: 'Hello', _csrf: 'forged' });
    expect(refused.status).toBe(403);
  });

  it('sends a reply that threads in the reader’s mail client', async () => {
    await agent.get(threadPath);
    const sent = await agent.post(`${threadPath}/reply`, { text: 'It is on its way.' });
    expect(sent.status).toBe(303);
    expect(sent.location).toBe(`${threadPath}?notice=sent`);
    const rows: Array<{ to_address: string; subject: string; headers: string; cost: number }> = await web.app
      .get(DataSource)
      .query(`SELECT to_address, subject, headers, cost FROM outbox_emails WHERE kind = 'support-reply'`);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ to_address: 'reader@example.com', cost: 0 });
    expect(rows[0].subject).toMatch(/^Re: My digest is late/);
    expect(rows[0].headers).toContain('<question-1@reader.example>');
    const page = await agent.get(`${threadPath}?notice=sent`);
    expect(page.html).toContain('Reply sent.');
    expect(page.html).toContain('It is on its way.');
  });

  it('refuses an empty reply with the reason, sending nothing', async () => {
    await agent.get(threadPath);
    const refused = await agent.post(`${threadPath}/reply`, { text: '   ' });
    expect(refused.status).toBe(422);
    expect(refused.html).toContain('the reply is empty');
  });

  it('shows what each reader wrote without what their mail client quoted, the whole message one click away', async () => {
    const multipart = (boundary: string, text: string, html: string) =>
      [
        `Content-Type: multipart/alternative; boundary="${boundary}"`,
        '',
        `--${boundary}`,
        'Content-Type: text/plain; charset=utf-8',
        '',
        text,
        `--${boundary}`,
        'Content-Type: text/html; charset=utf-8',
        '',
        html,
        `--${boundary}--`,
      ].join('\r\n');
    const replies: Array<[string, string]> = [
      [
        'gmail',
        'Content-Type: text/html; charset=utf-8\r\n\r\n<div dir="ltr">Gmail says: still late.</div><br><div class="gmail_quote"><div class="gmail_attr">On Sun, 22 Nov 2026 Tidings wrote:</div><blockquote class="gmail_quote">QUOTED-GMAIL</blockquote></div>',
      ],
      [
        'outlook',
        multipart(
          'o1',
          'Outlook says: still late.\r\n\r\n________________________________\r\nFrom: Tidings <support@tidings.test>\r\nSent: Sunday, November 22, 2026 10:00\r\nTo: reader@example.com\r\nSubject: Re: My digest\r\n\r\nQUOTED-OUTLOOK',
          '<html><body><div class="WordSection1"><p>Outlook says: still late.</p><div id="appendonsend"></div><hr><div id="divRplyFwdMsg"><b>From:</b> Tidings</div><div>QUOTED-OUTLOOK</div></div></body></html>',
        ),
      ],
      [
        'apple',
        multipart(
          'a1',
          'Apple Mail says: still late.\r\n\r\n> On 22 Nov 2026, at 10:00, Tidings <support@tidings.test> wrote:\r\n>\r\n> QUOTED-APPLE',
          '<html><body><div>Apple Mail says: still late.</div><div><br><blockquote type="cite"><div>On 22 Nov 2026, at 10:00, Tidings wrote:</div><div>QUOTED-APPLE</div></blockquote></div></body></html>',
        ),
      ],
    ];
    for (const [client, body] of replies) {
      const [head, ...rest] = body.split('\r\n\r\n');
      const delivered = await fetch(`${web.baseUrl}/support/inbound`, {
        method: 'POST',
        headers: { authorization: `Bearer ${SECRET}`, 'content-type': 'message/rfc822' },
        body: [
          'From: Reader <reader@example.com>',
          'To: support@tidings.test',
          'Subject: Re: My digest is late <b>again</b>',
          `Message-ID: <${client}-1@reader.example>`,
          'In-Reply-To: <question-1@reader.example>',
          'MIME-Version: 1.0',
          head,
          '',
          rest.join('\r\n\r\n'),
          '',
        ].join('\r\n'),
      });
      expect(delivered.status).toBeLessThan(300);
    }
    const page = await agent.get(threadPath);
    const ownWords = [...page.html.matchAll(/<p class="message-body own-words">([^<]*)<\/p>/g)].map(
      (m) => m[1],
    );
    expect(ownWords).toEqual(
      expect.arrayContaining([
        'Gmail says: still late.',
        'Outlook says: still late.',
        'Apple Mail says: still late.',
      ]),
    );
    for (const quoted of ['QUOTED-GMAIL', 'QUOTED-OUTLOOK', 'QUOTED-APPLE'])
      expect(page.html).toMatch(
        new RegExp(`<details>\\s*<summary>Show the whole message, as received</summary>[\\s\\S]*${quoted}`),
      );
  });
});
