import { AccountsService, User } from '../../../src/accounts/accounts.service';
import { MailService } from '../../../src/mail/mail.service';
import { OutboxService } from '../../../src/mail/outbox.service';
import { BillingService } from '../../../src/billing/billing.service';
import { signToken } from '../../../src/common/signed-token';
import { signedAddress } from '../../../src/mail/domain/mail-tokens';
import { SuppressionsRepository } from '../../../src/mail/suppressions.repository';
import { SupportService } from '../../../src/support/support.service';
import { SmtpCapture } from '../../support/smtp-capture';
import { testDialects } from '../../support/test-database';
import { freePort } from '../../support/server-process';
import { createWebTestApp, WebTestApp } from '../../support/web-app';
import {
  entryEmailTo,
  InboundTransport,
  rawMessage,
  smtpTransport,
  webhookTransport,
} from './inbound-mail-helpers';

const key = 'support-spec-secret-key-0123456789';
const webhookSecret = 'support-webhook-secret-0123456789';
const domain = 'tidings.test';
const entryId = '01JD3Z7A1B2C3D4E5F6G7H8J9K';

const cases = testDialects().flatMap((dialect) => [
  { dialect, transport: 'SMTP' as const },
  { dialect, transport: 'HTTP' as const },
]);

describe.each(cases)('support by email on $dialect through $transport', ({ dialect, transport: via }) => {
  let server: WebTestApp;
  let smtpPort: number;
  let outgoing: SmtpCapture;
  let inbound: InboundTransport;
  let reader: User;
  let agent: User;
  let sequence = 0;
  const get = <T>(type: new (...args: never[]) => T) => server.app.get(type);

  beforeAll(async () => {
    outgoing = await new SmtpCapture().start();
    smtpPort = await freePort();
    server = await createWebTestApp(dialect, {
      INBOUND_SMTP_PORT: String(smtpPort),
      SECRET_KEY: key,
      MAIL_FROM: `tidings@${domain}`,
      SMTP_URL: outgoing.url,
      SUPPORT_WEBHOOK_SECRET: webhookSecret,
      SUPPORT_AUTO_ACK: 'true',
      INBOUND_MAX_BYTES: '65536',
    });
    inbound =
      via === 'SMTP' ? smtpTransport(() => smtpPort) : webhookTransport(() => server.baseUrl, webhookSecret);
    reader = await get(AccountsService).addUser({ email: 'reader@example.com' });
    await get(BillingService).grantStarterCredits(reader.id, 1000);
    agent = await get(AccountsService).addUser({ email: `agent@${domain}`, role: 'support' });
  });

  afterAll(async () => {
    await server.close();
    await outgoing.stop();
  });

  /** An email of ours that the reader received (enqueued and sent), with its Reply-To and VERP sender. */
  async function emailedEntry(title: string) {
    sequence += 1;
    const dedupKey = `entry:${entryId}:user:${reader.id}:${sequence}`;
    await get(MailService).sendEntry(entryEmailTo(reader, dedupKey, title));
    await get(OutboxService).flush();
    const [email] = await get(OutboxService).findByDedupKeys([dedupKey]);
    const received = outgoing.messages.find((message) => message.parsed.messageId === email.messageId)!;
    return { ...email, replyTo: received.parsed.replyTo![0].address!, bounceTo: received.envelope.from };
  }

  /** Delivers one message a second later than the last, so that a thread's order is the sending order. */
  function deliver(mail: Parameters<typeof rawMessage>[0], envelope: { from: string; to: string[] }) {
    server.clock.advance(1000);
    return inbound.deliver(rawMessage(mail), envelope);
  }

  async function threadsFrom(address: string) {
    const threads = await get(SupportService).listThreads();
    return threads.filter((thread) => thread.fromAddress === address);
  }

  async function acknowledgementsTo(address: string) {
    await get(OutboxService).flush();
    return outgoing.messages.filter(
      (email) => email.envelope.to.includes(address) && email.header('auto-submitted') === 'auto-replied',
    );
  }

  it('threads a reply by its signed token, with the context of the email replied to', async () => {
    const email = await emailedEntry('Fresh & new');
    const to = email.replyTo;
    const from = 'reader@example.com';
    const first = {
      from: `Reader <${from}>`,
      to,
      subject: 'Re: Fresh & new',
      messageId: `<t1-${via}@mua.example>`,
    };
    expect(await deliver(first, { from, to: [to] })).toEqual({ accepted: true });
    const again = {
      from,
      to,
      subject: 'Re: Fresh & new',
      messageId: `<t2-${via}@mua.example>`,
      text: 'And another thing.',
    };
    expect(await deliver(again, { from, to: [to] })).toEqual({ accepted: true });

    const [thread] = (await get(SupportService).listThreads()).filter(
      (t) => t.contextOutboxEmailId === email.id,
    );
    expect(thread).toMatchObject({
      userId: reader.id,
      contextKind: 'entry',
      contextSubject: 'Fresh & new',
      contextEntryId: entryId,
    });
    const { messages } = await get(SupportService).getThread(thread.id);
    expect(messages.map((m) => [m.direction, m.messageId, m.bodyText.trim()])).toEqual([
      ['in', `<t1-${via}@mua.example>`, 'Hello, I have a question.'],
      ['in', `<t2-${via}@mua.example>`, 'And another thing.'],
    ]);
  });
  it('threads a reply without a token by In-Reply-To/References, and by the sender otherwise', async () => {
    const email = await emailedEntry('Second post');
    const support = `support@${domain}`;
    const byHeader = {
      from: reader.email,
      to: support,
      messageId: `<h1-${via}@mua.example>`,
      inReplyTo: email.messageId,
      references: `<unknown@x> ${email.messageId}`,
    };
    expect(await deliver(byHeader, { from: reader.email, to: [support] })).toEqual({ accepted: true });
    const [threaded] = (await threadsFrom(reader.email)).filter((t) => t.contextOutboxEmailId === email.id);
    expect(threaded).toMatchObject({
      userId: reader.id,
      contextSubject: 'Second post',
      senderDiffers: false,
    });

    // Another address of the reader's is someone else as far as the headers can tell: a thread of its own.
    const alias = `reader.alias.${via}@example.net`;
    const fromAlias = { ...byHeader, from: alias, messageId: `<h2-${via}@mua.example>` };
    expect(await deliver(fromAlias, { from: alias, to: [support] })).toEqual({ accepted: true });
    expect(await threadsFrom(alias)).toEqual([
      expect.objectContaining({ userId: null, contextOutboxEmailId: null, senderDiffers: true }),
    ]);

    const bySender = {
      from: 'Reader@Example.com',
      to: support,
      subject: 'Billing',
      messageId: `<s1-${via}@mua.example>`,
    };
    expect(await deliver(bySender, { from: 'reader@example.com', to: [support] })).toEqual({
      accepted: true,
    });
    const [own] = (await threadsFrom('Reader@Example.com')).filter((t) => t.subject === 'Billing');
    expect(own).toMatchObject({ userId: reader.id, contextOutboxEmailId: null });

    const stranger = `stranger.${via}@elsewhere.example`;
    const unknown = { from: stranger, to: support, subject: 'Who are you?', inReplyTo: '<never-sent@x>' };
    expect(await deliver(unknown, { from: stranger, to: [support] })).toEqual({ accepted: true });
    expect(await threadsFrom(stranger)).toEqual([
      expect.objectContaining({ userId: null, subject: 'Who are you?' }),
    ]);
  });

  it('refuses a forged token and an oversized message, storing nothing', async () => {
    const email = await emailedEntry('Third post');
    const genuine = email.replyTo;
    const forgedTo = [
      signedAddress('someone-elses-key-0123456789', 'reply', email.id, domain),
      genuine.replace(/\.[A-Za-z0-9_-]+@/, '.AAAAAAAAAAAAAA@'),
      genuine.replace(/^reply-/, 'bounce-'),
      `reply-${Buffer.from(email.id).toString('base64url')}@${domain}`,
    ];
    const forger = `forger.${via}@evil.example`;
    for (const to of forgedTo)
      expect(await deliver({ from: forger, to }, { from: forger, to: [to] })).toEqual({
        accepted: false,
        code: via === 'SMTP' ? 550 : 422,
      });
    const big = { from: forger, to: genuine, text: 'x'.repeat(70) + '\n'.repeat(1) + 'y'.repeat(100_000) };
    expect(await deliver(big, { from: forger, to: [genuine] })).toEqual({
      accepted: false,
      code: via === 'SMTP' ? 552 : 413,
    });
    expect(await threadsFrom(forger)).toEqual([]);
    expect(
      (await get(SupportService).listThreads()).filter((t) => t.contextOutboxEmailId === email.id),
    ).toEqual([]);
  });

  it('sends an agent reply that threads in the user’s client, and the user’s next reply joins the thread', async () => {
    const email = await emailedEntry('Fourth post');
    const to = email.replyTo;
    const question = {
      from: reader.email,
      to,
      subject: 'Re: Fourth post',
      messageId: `<q1-${via}@mua.example>`,
    };
    expect(await deliver(question, { from: reader.email, to: [to] })).toEqual({ accepted: true });
    const [thread] = (await get(SupportService).listThreads()).filter(
      (t) => t.contextOutboxEmailId === email.id,
    );

    const sent = await get(SupportService).reply(thread.id, agent.id, 'Here is the answer.');
    await get(OutboxService).flush();
    const answer = outgoing.messages.find((m) => m.parsed.messageId === sent.messageId)!;
    expect(answer.envelope.to).toEqual([reader.email]);
    expect(answer.parsed.subject).toBe('Re: Fourth post');
    expect(answer.parsed.text).toContain('Here is the answer.');
    expect(answer.parsed.html).toMatch(
      /Here is the answer\.[\s\S]*Reply to this email to continue the conversation/,
    );
    expect(answer.header('auto-submitted')).toBe('no');
    expect(answer.header('in-reply-to')).toBe(`<q1-${via}@mua.example>`);
    expect(answer.header('references')?.split(/\s+/)).toEqual([email.messageId, `<q1-${via}@mua.example>`]);

    const support = `support@${domain}`;
    const next = {
      from: reader.email,
      to: support,
      messageId: `<q2-${via}@mua.example>`,
      inReplyTo: sent.messageId,
      references: `${email.messageId} <q1-${via}@mua.example> ${sent.messageId}`,
      text: 'Thanks!',
    };
    expect(await deliver(next, { from: reader.email, to: [support] })).toEqual({ accepted: true });
    const { messages } = await get(SupportService).getThread(thread.id);
    expect(messages.map((m) => [m.direction, m.agentUserId, m.bodyText.trim()])).toEqual([
      ['in', null, 'Hello, I have a question.'],
      ['out', agent.id, 'Here is the answer.'],
      ['in', null, 'Thanks!'],
    ]);
    await expect(get(SupportService).reply(thread.id, reader.id, 'I am not an agent')).rejects.toThrow(
      /only support agents/,
    );
  });

  it('sends answers and acknowledgements as free service mail, even to a user without credits', async () => {
    const broke = await get(AccountsService).addUser({ email: `broke.${via}@example.com` });
    const support = `support@${domain}`;
    const question = {
      from: broke.email,
      to: support,
      subject: 'Out of credits',
      messageId: `<b1-${via}@x>`,
    };
    expect(await deliver(question, { from: broke.email, to: [support] })).toEqual({ accepted: true });
    const [thread] = await threadsFrom(broke.email);
    expect(thread.userId).toBe(broke.id);
    const sent = await get(SupportService).reply(thread.id, agent.id, 'Credits are on their way.');
    const [ack] = await acknowledgementsTo(broke.email);
    const answer = outgoing.messages.find((m) => m.parsed.messageId === sent.messageId)!;
    expect(answer.header('auto-submitted')).toBe('no');
    const rows = await get(OutboxService).findByMessageIds([sent.messageId, ack.parsed.messageId!]);
    expect(rows.map((row) => [row.kind, row.cost, row.status])).toEqual([
      ['support-reply', 0, 'sent'],
      ['support-reply', 0, 'sent'],
    ]);
    expect(await get(BillingService).ledgerOf(broke.id)).toEqual([]);
  });

  it('acknowledges a person once a week and never a machine (RFC 3834)', async () => {
    const support = `support@${domain}`;
    const person = `person.${via}@example.org`;
    const machineMail: Array<Record<string, string>> = [
      { 'Auto-Submitted': 'auto-replied' },
      { Precedence: 'bulk' },
      { 'List-Id': '<news.example.org>' },
    ];
    for (const headers of machineMail) {
      const sender = `robot.${via}@example.org`;
      expect(await deliver({ from: sender, to: support, headers }, { from: sender, to: [support] })).toEqual({
        accepted: true,
      });
    }
    expect(
      await deliver(
        { from: 'MAILER-DAEMON@example.org', to: support },
        { from: 'MAILER-DAEMON@example.org', to: [support] },
      ),
    ).toEqual({ accepted: true });
    expect(await acknowledgementsTo(`robot.${via}@example.org`)).toEqual([]);
    expect(await acknowledgementsTo('MAILER-DAEMON@example.org')).toEqual([]);

    for (const n of [1, 2])
      expect(
        await deliver(
          { from: person, to: support, subject: 'Help', messageId: `<p${n}-${via}@x>` },
          { from: person, to: [support] },
        ),
      ).toEqual({ accepted: true });
    const [ack] = await acknowledgementsTo(person);
    expect(await acknowledgementsTo(person)).toHaveLength(1);
    expect(ack.parsed.subject).toBe('Re: Help');
    expect(ack.header('in-reply-to')).toBe(`<p1-${via}@x>`);

    server.clock.advance(7 * 24 * 3600_000);
    expect(
      await deliver(
        { from: person, to: support, messageId: `<p3-${via}@x>` },
        { from: person, to: [support] },
      ),
    ).toEqual({ accepted: true });
    expect(await acknowledgementsTo(person)).toHaveLength(2);
  });

  it('bounces an email and suppresses its address on a hard DSN, and only counts a soft one', async () => {
    const hard = await emailedEntry('Fifth post');
    const soft = await emailedEntry('Sixth post');
    const dsn = (bounceTo: string, status: string, action: string) => ({
      from: 'Mail Delivery System <MAILER-DAEMON@mx.example.com>',
      to: bounceTo,
      subject: 'Undelivered Mail Returned to Sender',
      headers: {
        'Content-Type': 'multipart/report; report-type=delivery-status; boundary="DSN"',
        'Auto-Submitted': 'auto-replied',
      },
      text: `--DSN\nContent-Type: text/plain\n\nThe mail system.\n\n--DSN\nContent-Type: message/delivery-status\n\nReporting-MTA: dns; mx.example.com\n\nFinal-Recipient: rfc822; ${reader.email}\nAction: ${action}\nStatus: ${status}\nDiagnostic-Code: smtp; ${status[0]}50 ${status} mailbox trouble\n\n--DSN--\n`,
    });
    for (const [email, status, action] of [
      [hard, '5.1.1', 'failed'],
      [soft, '4.2.2', 'delayed'],
    ] as const) {
      const message = dsn(email.bounceTo, status, action);
      expect(await deliver(message, { from: '', to: [message.to] })).toEqual({ accepted: true });
    }
    expect(await get(OutboxService).findById(hard.id)).toMatchObject({
      status: 'failed',
      lastError: expect.stringMatching(/^bounced: 5\.1\.1/),
    });
    expect(await get(SuppressionsRepository).suppressedAmong([reader.email])).toEqual(
      new Set([reader.email]),
    );
    expect(await get(OutboxService).findById(soft.id)).toMatchObject({ status: 'sent', softBounces: 1 });
    expect(await threadsFrom('MAILER-DAEMON@mx.example.com')).toEqual([]);
    expect(await get(OutboxService).liftSuppression(reader.email)).toBe(0);
  });

  it('reads reply and bounce addresses whose case a server folded, and those sent before the change', async () => {
    const email = await emailedEntry('Case folded');
    const legacy = `reply-${signToken(key, 'reply', email.id, { macBytes: 10 })}@${domain}`;
    const replies = [email.replyTo.toLowerCase(), email.replyTo.toUpperCase(), legacy];
    for (const [n, to] of replies.entries())
      expect(
        await deliver(
          { from: reader.email, to, messageId: `<fold${n}-${via}@mua.example>` },
          { from: reader.email, to: [to] },
        ),
      ).toEqual({ accepted: true });
    const threads = (await get(SupportService).listThreads()).filter(
      (t) => t.contextOutboxEmailId === email.id,
    );
    expect(threads).toHaveLength(1);
    const { messages } = await get(SupportService).getThread(threads[0].id);
    expect(messages.map((m) => m.messageId)).toEqual(replies.map((_, n) => `<fold${n}-${via}@mua.example>`));
    expect(
      await deliver(
        { from: reader.email, to: legacy.toLowerCase() },
        { from: reader.email, to: [legacy.toLowerCase()] },
      ),
    ).toEqual({
      accepted: false,
      code: via === 'SMTP' ? 550 : 422,
    });

    const bounced = await emailedEntry('Case folded bounce');
    const upper = bounced.bounceTo.toUpperCase();
    const dsn = {
      from: 'MAILER-DAEMON@mx.example.com',
      to: upper,
      headers: { 'Content-Type': 'multipart/report; report-type=delivery-status; boundary="DSN"' },
      text: `--DSN\nContent-Type: message/delivery-status\n\nReporting-MTA: dns; mx.example.com\n\nFinal-Recipient: rfc822; ${reader.email}\nAction: delayed\nStatus: 4.4.7\n\n--DSN--\n`,
    };
    expect(await deliver(dsn, { from: '', to: [upper] })).toEqual({ accepted: true });
    expect(await get(OutboxService).findById(bounced.id)).toMatchObject({ softBounces: 1 });
  });

  it('keeps one thread and one copy per message when many arrive at once', async () => {
    const email = await emailedEntry('Seventh post');
    const to = email.replyTo;
    const replies = Array.from({ length: 8 }, (_, n) => ({
      from: reader.email,
      to,
      messageId: `<c${n}-${via}@x>`,
    }));
    const duplicates = Array.from({ length: 4 }, () => ({
      from: reader.email,
      to,
      messageId: `<dup-${via}@x>`,
    }));
    const results = await Promise.all(
      [...replies, ...duplicates].map((mail) =>
        inbound.deliver(rawMessage(mail), { from: reader.email, to: [to] }),
      ),
    );
    expect(results.filter((result) => !result.accepted)).toEqual([]);
    const threads = (await get(SupportService).listThreads()).filter(
      (t) => t.contextOutboxEmailId === email.id,
    );
    expect(threads).toHaveLength(1);
    const { messages } = await get(SupportService).getThread(threads[0].id);
    const crowd = `crowd.${via}@example.org`;
    const support = `support@${domain}`;
    const many = Array.from({ length: 6 }, (_, n) =>
      rawMessage({ from: crowd, to: support, messageId: `<a${n}-${via}@x>` }),
    );
    await Promise.all(many.map((raw) => inbound.deliver(raw, { from: crowd, to: [support] })));
    expect(await acknowledgementsTo(crowd)).toHaveLength(1);
    expect(messages.map((m) => m.messageId).sort()).toEqual(
      [...replies.map((r) => r.messageId), `<dup-${via}@x>`].sort(),
    );
  });
});

describe('the raw-MIME webhook', () => {
  let server: WebTestApp;
  const message = rawMessage({ from: 'someone@example.org', to: `support@${domain}` });

  beforeAll(async () => {
    server = await createWebTestApp('sqlite', {
      SECRET_KEY: key,
      MAIL_FROM: `tidings@${domain}`,
      SUPPORT_WEBHOOK_SECRET: webhookSecret,
    });
  });

  afterAll(() => server.close());

  const post = (headers: Record<string, string>, body: string = message) =>
    fetch(`${server.baseUrl}/support/inbound`, { method: 'POST', headers, body });

  it.each([
    ['no credentials', { 'content-type': 'message/rfc822' }, 401],
    [
      'a wrong secret',
      { authorization: 'Bearer not-the-secret-at-all', 'content-type': 'message/rfc822' },
      401,
    ],
    [
      'the secret as Basic',
      { authorization: `Basic ${webhookSecret}`, 'content-type': 'message/rfc822' },
      401,
    ],
    [
      'a form',
      { authorization: `Bearer ${webhookSecret}`, 'content-type': 'application/x-www-form-urlencoded' },
      415,
    ],
    ['an image', { authorization: `Bearer ${webhookSecret}`, 'content-type': 'image/png' }, 415],
  ])('refuses %s, storing nothing', async (_, headers, status) => {
    const response = await post(headers as Record<string, string>);
    expect(response.status).toBe(status);
    expect(await server.app.get(SupportService).listThreads()).toEqual([]);
  });

  it('accepts garbage as a message from nobody rather than failing', async () => {
    const response = await post(
      { authorization: `Bearer ${webhookSecret}`, 'content-type': 'text/plain' },
      '\u0000\u0001 not mime at all',
    );
    expect(response.status).toBe(202);
    expect(await response.json()).toMatchObject({ kind: 'message', isNew: true });
  });

  it('refuses everyone when no secret is configured', async () => {
    const bare = await createWebTestApp('sqlite', { MAIL_FROM: `tidings@${domain}` });
    try {
      const response = await fetch(`${bare.baseUrl}/support/inbound`, {
        method: 'POST',
        headers: { authorization: 'Bearer ', 'content-type': 'message/rfc822' },
        body: message,
      });
      expect(response.status).toBe(401);
    } finally {
      await bare.close();
    }
  });
});
