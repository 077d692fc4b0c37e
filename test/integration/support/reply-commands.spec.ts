import { AccountsService, User } from '../../../src/accounts/accounts.service';
import { BillingService } from '../../../src/billing/billing.service';
import { Feed, FeedsService } from '../../../src/feeds/feeds.service';
import { OutboxService } from '../../../src/mail/outbox.service';
import { SupportService } from '../../../src/support/support.service';
import { CapturedEmail, SmtpCapture } from '../../support/smtp-capture';
import { freePort } from '../../support/server-process';
import { testDialects } from '../../support/test-database';
import { createWebTestApp, WebTestApp } from '../../support/web-app';
import { DeliveryFixture } from '../delivery/delivery-fixture';
import {
  InboundTransport,
  RawMail,
  rawMessage,
  smtpTransport,
  webhookTransport,
} from './inbound-mail-helpers';

const webhookSecret = 'commands-webhook-secret-0123456789';
const domain = 'tidings.test';

const cases = testDialects().flatMap((dialect) => [
  { dialect, via: 'SMTP' as const },
  { dialect, via: 'HTTP' as const },
]);

describe.each(cases)('reply commands on $dialect through $via', ({ dialect, via }) => {
  let server: WebTestApp;
  let smtpPort: number;
  let outgoing: SmtpCapture;
  let inbound: InboundTransport;
  let fixture: DeliveryFixture;
  let readers = 0;
  let posts = 0;
  let sequence = 0;
  const get = <T>(type: new (...args: never[]) => T) => server.app.get(type);

  beforeAll(async () => {
    outgoing = await new SmtpCapture().start();
    smtpPort = await freePort();
    server = await createWebTestApp(dialect, {
      INBOUND_SMTP_PORT: String(smtpPort),
      MAIL_FROM: `tidings@${domain}`,
      PUBLIC_URL: `https://${domain}`,
      SMTP_URL: outgoing.url,
      SUPPORT_WEBHOOK_SECRET: webhookSecret,
    });
    inbound =
      via === 'SMTP' ? smtpTransport(() => smtpPort) : webhookTransport(() => server.baseUrl, webhookSecret);
    fixture = new DeliveryFixture(server);
  });

  afterAll(async () => {
    await server.close();
    await outgoing.stop();
  });

  /** A reader with credits, subscribed to one feed per title (real time unless told). */
  async function reader(titles: string[], mode: 'realtime' | 'daily' = 'realtime') {
    const user = await get(AccountsService).addUser({ email: `reader${(readers += 1)}-${via}@example.com` });
    await get(BillingService).grantStarterCredits(user.id, 1000);
    const feeds: Feed[] = [];
    for (const title of titles) feeds.push(await fixture.feed(title, [[user, { mode }]]));
    return { user, feeds };
  }

  /** The feed publishes one post; what reaches the reader's mailbox (nothing while paused). */
  async function publish(feed: Feed, user: User): Promise<CapturedEmail[]> {
    const title = `Post ${(posts += 1)}`;
    await fixture.publish(feed, [{ title }]);
    return sent(user);
  }

  async function sent(user: User): Promise<CapturedEmail[]> {
    await get(OutboxService).flush();
    return outgoing.messages.filter((email) => email.envelope.to.includes(user.email));
  }

  /** What the reader has received once there are `count` emails (a confirmation is sent in the background). */
  async function received(user: User, count: number): Promise<CapturedEmail[]> {
    for (let waited = 0; ; waited += 20) {
      const emails = await sent(user);
      if (emails.length >= count || waited > 10_000) return emails;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  async function reply(to: CapturedEmail, text: string, extra: Partial<RawMail> = {}, from?: string) {
    const sender = from ?? to.envelope.to[0];
    const replyTo = to.parsed.replyTo![0].address!;
    const mail: RawMail = {
      from: sender,
      to: replyTo,
      subject: `Re: ${to.parsed.subject}`,
      messageId: `<c${(sequence += 1)}-${via}@mua.example>`,
      inReplyTo: to.parsed.messageId,
      text: `${text}\r\n\r\nOn Sun, 22 Nov 2026, Tidings wrote:\r\n> ${to.parsed.subject}\r\n`,
      ...extra,
    };
    server.clock.advance(1000);
    return { result: await inbound.deliver(rawMessage(mail), { from: sender, to: [replyTo] }), mail };
  }

  /** Confirmations stored for the reader, sent or not (a late background send cannot hide one). */
  async function confirmationsFor(user: User): Promise<string[]> {
    const rows = await fixture.query<{ subject: string }>(
      "SELECT subject FROM outbox_emails WHERE kind = 'command-confirmation' AND user_id = ? ORDER BY id",
      [user.id],
    );
    return rows.map((row) => row.subject);
  }

  async function subscriptionsOf(user: User) {
    return get(FeedsService).subscriptionsOfUser(user.id);
  }

  it('pauses by reply: nothing is sent or saved while paused, and resuming does not flood', async () => {
    const { user, feeds } = await reader(['Example Blog']);
    const [entryEmail] = await publish(feeds[0], user);

    expect((await reply(entryEmail, 'Pause')).result).toEqual({ accepted: true });
    const [, paused] = await received(user, 2);
    expect(paused.parsed.subject).toBe('Paused: Example Blog');
    expect(paused.header('auto-submitted')).toBe('auto-replied');
    expect(paused.parsed.inReplyTo).toBe(`<c${sequence}-${via}@mua.example>`);
    expect(paused.parsed.text).toContain('To undo, reply “resume” to this email.');
    expect(paused.header('list-unsubscribe')).toBeUndefined();
    expect((await subscriptionsOf(user))[0].pausedAt).toEqual(expect.any(Date));

    expect(await publish(feeds[0], user)).toHaveLength(2);
    expect(await publish(feeds[0], user)).toHaveLength(2);

    expect((await reply(paused, 'resume')).result).toEqual({ accepted: true });
    const resumed = (await received(user, 3))[2];
    expect(resumed.parsed.subject).toBe('Resumed: Example Blog');
    expect(resumed.parsed.text).toContain('To undo, reply “pause” to this email.');
    expect((await subscriptionsOf(user))[0].pausedAt).toBeNull();

    const after = await publish(feeds[0], user);
    expect(after.map((email) => email.parsed.subject)).toEqual([
      entryEmail.parsed.subject,
      'Paused: Example Blog',
      'Resumed: Example Blog',
      `Post ${posts}`,
    ]);
    expect(await get(SupportService).listThreads()).toEqual([]);
  });

  it('reads the command of a reply written in HTML only, as Gmail and Outlook send them', async () => {
    const { user, feeds } = await reader(['HTML Blog']);
    const [entryEmail] = await publish(feeds[0], user);
    const gmail =
      '<div dir="ltr">Pause</div><br><div class="gmail_quote"><div dir="ltr" class="gmail_attr">On Sun, 22 Nov 2026, Tidings wrote:<br></div>' +
      `<blockquote class="gmail_quote" style="margin:0 0 0 .8ex">${entryEmail.parsed.subject}</blockquote></div>`;
    const { result } = await reply(entryEmail, '', {
      text: gmail,
      headers: { 'Content-Type': 'text/html; charset=utf-8' },
    });
    expect(result).toEqual({ accepted: true });
    expect((await received(user, 2))[1].parsed.subject).toBe('Paused: HTML Blog');
    expect((await subscriptionsOf(user))[0].pausedAt).toEqual(expect.any(Date));

    const outlook =
      '<html><body><div class="WordSection1"><p class="MsoNormal">Resume</p><div id="appendonsend"></div><hr>' +
      '<div id="divRplyFwdMsg"><b>From:</b> Tidings<br><b>Sent:</b> Sunday</div><div>Paused: HTML Blog</div></div></body></html>';
    const paused = (await received(user, 2))[1];
    await reply(paused, '', { text: outlook, headers: { 'Content-Type': 'text/html; charset=utf-8' } });
    expect((await received(user, 3))[2].parsed.subject).toBe('Resumed: HTML Blog');
    expect((await subscriptionsOf(user))[0].pausedAt).toBeNull();
  });

  it('moves to a digest every 6 hours, and lifts the daily budget the email that reached it names', async () => {
    const { user, feeds } = await reader(['Stunden Blog']);
    const settings = { timezone: 'UTC', digestHour: 7, digestWeekday: 1, quietHours: 'off' };
    await get(AccountsService).updateSettings(user.id, { ...settings, maxEmailsPerDay: 1 });
    const [entryEmail] = await publish(feeds[0], user);
    expect(entryEmail.parsed.text).toContain('Reply “unlimited” to lift the limit.');

    await reply(entryEmail, 'alle 6 Stunden');
    const [, everySix] = await received(user, 2);
    expect(everySix.parsed.subject).toBe('Eine Zusammenfassung alle 6 Stunden: Stunden Blog');
    expect(everySix.parsed.text).toContain('Zum Rückgängigmachen antworten Sie „Echtzeit“');
    expect((await subscriptionsOf(user))[0].mode).toBe('every-6h');

    await reply(entryEmail, 'Unlimited');
    const lifted = (await received(user, 3))[2];
    expect(lifted.parsed.subject).toBe('No daily limit');
    expect(lifted.parsed.text).toContain(
      `You can set a limit again on your account page: https://${domain}/account`,
    );
    expect((await get(AccountsService).getById(user.id)).maxEmailsPerDay).toBe(0);
  });

  it('changes the cadence in the reader’s language and says how to undo it in that language', async () => {
    const { user, feeds } = await reader(['Le Blog']);
    const [entryEmail] = await publish(feeds[0], user);
    await reply(entryEmail, 'Hebdomadaire');
    const confirmation = (await received(user, 2))[1];
    expect(confirmation.parsed.subject).toBe('Résumé hebdomadaire: Le Blog');
    expect(confirmation.parsed.text).toContain('Pour annuler, répondez « temps réel » à cet email.');
    expect((await subscriptionsOf(user))[0].mode).toBe('weekly');

    await reply(confirmation, 'tiempo real');
    const undone = (await received(user, 3))[2];
    expect(undone.parsed.subject).toBe('Tiempo real: Le Blog');
    expect(undone.parsed.text).toContain('Para deshacerlo, responde «semanal» a este correo.');
    expect((await subscriptionsOf(user))[0].mode).toBe('realtime');
  });

  it('acts on every feed of a digest, and stop offers a link to subscribe again', async () => {
    const { user, feeds } = await reader(['Alpha', 'Beta'], 'daily');
    await fixture.publish(feeds[0], [{ title: `Alpha ${(posts += 1)}` }]);
    await fixture.publish(feeds[1], [{ title: `Beta ${(posts += 1)}` }]);
    await fixture.sendDue('2026-11-23T07:00:00Z');
    const [digest] = await sent(user);
    expect(digest.parsed.subject).toBe('Your daily digest');

    await reply(digest, 'Abmelden');
    const confirmation = (await received(user, 2))[1];
    expect(confirmation.parsed.subject).toBe('Abgemeldet: Alpha und Beta');
    expect(await subscriptionsOf(user)).toEqual([]);
    const again = feeds.map((feed) => `https://${domain}/subscribe?url=${encodeURIComponent(feed.url)}`);
    expect(confirmation.parsed.text).toContain(`Alpha: ${again[0]}\nBeta: ${again[1]}`);
    const hrefs = [...confirmation.parsed.html!.matchAll(/href="([^"]*subscribe[^"]*)"/g)].map((m) => m[1]);
    expect(hrefs.map((href) => href.replace(/&#x3D;/g, '='))).toEqual(again);

    await reply(digest, 'pause', { messageId: `<late-${via}@mua.example>` });
    expect((await received(user, 3))[2].parsed.subject).toBe('Nothing to change');
  });

  it.each([
    ['RFC 3834 Auto-Submitted', { headers: { 'Auto-Submitted': 'auto-replied' } }],
    ['Precedence: bulk', { headers: { Precedence: 'bulk' } }],
    ['Precedence: junk', { headers: { Precedence: 'junk' } }],
    ['X-Autoreply', { headers: { 'X-Autoreply': 'yes' } }],
    ['a vacation notice', { subject: 'Out of Office: back on Monday' }],
  ])('never obeys an auto-reply (%s): it stays a support message', async (_, extra) => {
    const { user, feeds } = await reader(['Busy Blog']);
    const [entryEmail] = await publish(feeds[0], user);
    expect((await reply(entryEmail, 'stop', extra)).result).toEqual({ accepted: true });
    expect(await subscriptionsOf(user)).toHaveLength(1);
    expect(await confirmationsFor(user)).toEqual([]);
    const threads = await get(SupportService).listThreads();
    expect(threads.filter((thread) => thread.userId === user.id)).toHaveLength(1);
  });

  it('does nothing for someone else holding the reply address, nor for a forged one', async () => {
    const { user, feeds } = await reader(['Shared Blog']);
    const [entryEmail] = await publish(feeds[0], user);
    await reply(entryEmail, 'stop', {}, 'mallory@example.net');
    // The reader's From with another envelope sender is not the reader either.
    await reply(entryEmail, 'stop', { from: user.email }, 'mallory@example.net');
    expect(await subscriptionsOf(user)).toHaveLength(1);
    const strangers = (await get(SupportService).listThreads()).filter(
      (thread) => thread.senderDiffers && thread.subject === `Re: ${entryEmail.parsed.subject}`,
    );
    expect(strangers.map((thread) => thread.userId)).toHaveLength(2);
    // Neither is the reader's: a From that names the reader proves nothing when the envelope differs.
    expect(strangers.map((thread) => thread.userId)).toEqual([null, null]);
    expect(outgoing.messages.filter((email) => email.envelope.to.includes('mallory@example.net'))).toEqual(
      [],
    );

    const replyTo = entryEmail.parsed.replyTo![0].address!;
    const forged = replyTo.replace(/-(.)/, (_, char: string) => `-${char === 'a' ? 'b' : 'a'}`);
    const raw = rawMessage({ from: user.email, to: forged, subject: 'Re: x', text: 'stop' });
    expect(await inbound.deliver(raw, { from: user.email, to: [forged] })).toEqual({
      accepted: false,
      code: via === 'SMTP' ? 550 : 422,
    });
    expect(await subscriptionsOf(user)).toHaveLength(1);
    expect(await confirmationsFor(user)).toEqual([]);
  });

  it('changes and confirms once when the same reply arrives twice', async () => {
    const { user, feeds } = await reader(['Twice Blog']);
    const [entryEmail] = await publish(feeds[0], user);
    const { mail } = await reply(entryEmail, 'weekly');
    await received(user, 2);
    await reply(entryEmail, 'weekly', { messageId: mail.messageId });
    expect(await confirmationsFor(user)).toEqual(['Weekly digest: Twice Blog']);
  });
});
