import { DataSource } from 'typeorm';
import { AccountsService } from '../../../src/accounts/accounts.service';
import { testDialects } from '../../support/test-database';
import { createWebTestApp, WebClient, WebTestApp } from '../../support/web-app';

const SECRET = 'support-desk-webhook-secret-0123456789';

describe.each(testDialects())('the support desk as a team uses it, on %s', (dialect) => {
  let web: WebTestApp;
  let agent: WebClient;
  let boss: WebClient;
  let bossId: string;

  beforeAll(async () => {
    web = await createWebTestApp(dialect, { SUPPORT_WEBHOOK_SECRET: SECRET });
    await web.app.get(AccountsService).addUser({ email: 'agent@example.com', role: 'support' });
    bossId = (await web.app.get(AccountsService).addUser({ email: 'boss@example.com', role: 'admin' })).id;
    agent = web.browser();
    await agent.signIn('agent@example.com');
    boss = web.browser();
    await boss.signIn('boss@example.com');
  });

  afterAll(() => web.close());

  async function write(from: string, subject: string, text: string, messageId: string, inReplyTo?: string) {
    web.clock.advance(60_000);
    const answer = await fetch(`${web.baseUrl}/support/inbound`, {
      method: 'POST',
      headers: { authorization: `Bearer ${SECRET}`, 'content-type': 'message/rfc822' },
      body: [
        `From: ${from}`,
        'To: support@tidings.test',
        `Subject: ${subject}`,
        `Message-ID: <${messageId}>`,
        ...(inReplyTo ? [`In-Reply-To: <${inReplyTo}>`] : []),
        'Content-Type: text/plain; charset=utf-8',
        '',
        text,
        '',
      ].join('\r\n'),
    });
    expect(answer.status).toBeLessThan(300);
  }

  const rowOf = (html: string, subject: string) =>
    html.split('<tr>').find((row) => row.includes(`>${subject}</a>`)) ?? '';
  const threadPath = (html: string, subject: string) =>
    /href="(\/support\/threads\/[^"]+)"/.exec(rowOf(html, subject))![1];

  it('lists unread and the longest waiting first, searches by address and words', async () => {
    await write('first@example.com', 'Digest missing', 'My Monday digest never came.', 'q1@first');
    await write('second@example.com', 'Wrong timezone', 'Emails arrive at 3 am.', 'q2@second');
    const list = await agent.get('/support');
    expect(list.html).toContain('2 open (the oldest for 1 min), 0 waiting for the reader, 0 closed.');
    expect(rowOf(list.html, 'Digest missing')).toContain('<strong class="badge">unread</strong>');
    expect(list.html.indexOf('Digest missing')).toBeLessThan(list.html.indexOf('Wrong timezone'));

    await agent.get(threadPath(list.html, 'Digest missing'));
    const after = await agent.get('/support');
    expect(rowOf(after.html, 'Digest missing')).not.toContain('unread');
    expect(after.html.indexOf('Wrong timezone')).toBeLessThan(after.html.indexOf('Digest missing'));

    const byAddress = await agent.get('/support?q=SECOND%40example');
    expect(byAddress.html).toContain('Wrong timezone');
    expect(byAddress.html).not.toContain('Digest missing');
    const byWords = await agent.get('/support?q=monday+digest');
    expect(byWords.html).toContain('Digest missing');
    expect(byWords.html).not.toContain('Wrong timezone');
    expect((await agent.get('/support?q=100%25_sure')).html).toContain('No thread holds “100%_sure”.');
  });

  it('moves a thread open → waiting → closed → open, keeps notes from the reader, and assigns it', async () => {
    const path = threadPath((await agent.get('/support')).html, 'Digest missing');
    await agent.get(path);
    expect(
      (await agent.post(`${path}/note`, { text: 'Refund one credit, he was charged twice.' })).status,
    ).toBe(303);
    await agent.get(path);
    expect((await agent.post(`${path}/reply`, { text: 'It is on its way.' })).status).toBe(303);
    const page = await agent.get(path);
    expect(page.html).toContain('<h2 id="desk-heading">State: waiting</h2>');
    expect(page.html).toMatch(
      /Internal note by agent@example\.com, never sent to the reader[\s\S]*Refund one credit/,
    );

    const emailed: Array<{ text: string; html: string }> = await web.app
      .get(DataSource)
      .query(`SELECT text, html FROM outbox_emails WHERE to_address = 'first@example.com'`);
    expect(emailed).toHaveLength(1);
    expect(emailed[0].text).toContain('It is on its way.');
    expect(JSON.stringify(emailed)).not.toContain('Refund');

    expect((await agent.post(`${path}/state`, { state: 'closed' })).status).toBe(303);
    expect((await agent.get(path)).html).toContain('State: closed');
    await write('first@example.com', 'Re: Digest missing', 'Still nothing, sorry.', 'q1b@first', 'q1@first');
    expect((await agent.get(path)).html).toContain('State: open');

    await agent.get(path);
    expect((await agent.post(`${path}/assign`, { assignee: bossId })).status).toBe(303);
    expect(rowOf((await agent.get('/support')).html, 'Digest missing')).toContain('boss@example.com');
    expect((await agent.post(`${path}/state`, { state: 'lost' })).status).toBe(422);
  });

  it('shows open threads and the oldest wait on the admin page and in /metrics', async () => {
    expect((await boss.get('/admin')).html).toMatch(
      /Support threads[\s\S]*2 open, 0 waiting for the reader, 0 closed/,
    );
    const metrics = await (await fetch(`${web.baseUrl}/metrics`)).text();
    expect(metrics).toMatch(/^tidings_support_threads\{state="open"\} 2$/m);
    expect(metrics).toMatch(/^tidings_support_oldest_open_age_seconds \d+/m);
  });
});
