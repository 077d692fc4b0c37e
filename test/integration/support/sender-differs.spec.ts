import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import PostalMime from 'postal-mime';
import { DataSource } from 'typeorm';
import { AccountsService, User } from '../../../src/accounts/accounts.service';
import { BillingService } from '../../../src/billing/billing.service';
import { MailService } from '../../../src/mail/mail.service';
import { OutboxService } from '../../../src/mail/outbox.service';
import { SupportService } from '../../../src/support/support.service';
import { freePort } from '../../support/server-process';
import { testDialects } from '../../support/test-database';
import { createWebTestApp, WebClient, WebTestApp } from '../../support/web-app';
import { entryEmailTo, rawMessage, RawMail, smtpTransport } from './inbound-mail-helpers';

const domain = 'tidings.test';
const MARK = 'sender differs from the reader of the email replied to';

describe.each(testDialects())(
  'support threads belong to the reader of what they answer, on %s',
  (dialect) => {
    let server: WebTestApp;
    let smtpPort: number;
    let reader: User;
    let agent: WebClient;
    let sequence = 0;
    const get = <T>(type: new (...args: never[]) => T) => server.app.get(type);
    const inbound = smtpTransport(() => smtpPort);

    beforeAll(async () => {
      smtpPort = await freePort();
      server = await createWebTestApp(dialect, {
        INBOUND_SMTP_PORT: String(smtpPort),
        MAIL_FROM: `tidings@${domain}`,
      });
      reader = await get(AccountsService).addUser({ email: 'reader@example.com' });
      await get(BillingService).grantStarterCredits(reader.id, 1000);
      await get(AccountsService).addUser({ email: `agent@${domain}`, role: 'support' });
      agent = server.browser();
      await agent.signIn(`agent@${domain}`);
    });

    afterAll(() => server.close());

    /**
     * The Reply-To of an email as the file outbox wrote it (what the reader's client shows). A flush that
     * an earlier answer started in the background may hold the email's claim when the test's own flush
     * runs: the file then appears a moment later.
     */
    async function replyToOf(messageId: string): Promise<string> {
      for (let waited = 0; waited <= 10_000; waited += 50) {
        for (const file of readdirSync(server.outboxDir)) {
          const email = await PostalMime.parse(readFileSync(join(server.outboxDir, file)));
          if (email.messageId === messageId) return email.replyTo![0].address!;
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error(`no email ${messageId} in the outbox`);
    }

    /** Where the agents' answers with this subject were addressed (rows of the outbox). */
    async function supportRepliesFor(subject: string): Promise<string[]> {
      const rows: Array<{ to_address: string }> = await get(DataSource).query(
        `SELECT to_address FROM outbox_emails WHERE kind = 'support-reply' AND subject = ?`,
        [subject],
      );
      return rows.map((row) => row.to_address);
    }

    /** An email of ours that reached the reader: its Message-ID and its signed Reply-To. */
    async function emailedEntry(title: string) {
      sequence += 1;
      const dedupKey = `entry:01JD3Z7A1B2C3D4E5F6G7H8J9K:user:${reader.id}:${sequence}`;
      await get(MailService).sendEntry(entryEmailTo(reader, dedupKey, title));
      await get(OutboxService).flush();
      const [email] = await get(OutboxService).findByDedupKeys([dedupKey]);
      return { ...email, replyTo: await replyToOf(email.messageId) };
    }

    async function send(mail: Omit<RawMail, 'messageId'>, envelopeFrom: string) {
      sequence += 1;
      server.clock.advance(1000);
      const messageId = `<m${sequence}@mua.example>`;
      const result = await inbound.deliver(rawMessage({ ...mail, messageId }), {
        from: envelopeFrom,
        to: [mail.to],
      });
      expect(result).toEqual({ accepted: true });
      const threads = await get(SupportService).listThreads();
      for (const thread of threads) {
        const { messages } = await get(SupportService).getThread(thread.id);
        if (messages.some((message) => message.messageId === messageId)) return { thread, messages };
      }
      throw new Error(`message ${messageId} is in no thread`);
    }

    it('keeps the reader in their thread, whatever the case of their address', async () => {
      const email = await emailedEntry('Case post');
      const first = await send(
        { from: 'Reader <reader@example.com>', to: email.replyTo, subject: 'Re: Case post' },
        'reader@example.com',
      );
      const again = await send(
        { from: 'READER@Example.COM', to: email.replyTo, subject: 'Re: Case post' },
        'Reader@EXAMPLE.com',
      );
      expect(again.thread.id).toBe(first.thread.id);
      expect(first.thread).toMatchObject({
        userId: reader.id,
        contextOutboxEmailId: email.id,
        senderDiffers: false,
      });
    });

    it('puts a stranger using the reader’s reply address in a new, marked thread without the reader’s context', async () => {
      const email = await emailedEntry('Forwarded post');
      const own = await send(
        { from: 'reader@example.com', to: email.replyTo, subject: 'Re: Forwarded post' },
        'reader@example.com',
      );
      const stranger = await send(
        {
          from: 'mallory@example.net',
          to: email.replyTo,
          subject: 'Re: Forwarded post',
          inReplyTo: email.messageId,
        },
        'mallory@example.net',
      );
      expect(stranger.thread.id).not.toBe(own.thread.id);
      expect(stranger.thread).toMatchObject({
        userId: null,
        fromAddress: 'mallory@example.net',
        contextOutboxEmailId: null,
        senderDiffers: true,
      });
      // The reader's From with someone else's envelope sender is not the reader either.
      const spoofed = await send(
        { from: 'reader@example.com', to: email.replyTo, subject: 'Re: Forwarded post' },
        'bounces@mallory.example',
      );
      expect(spoofed.thread.id).not.toBe(own.thread.id);
      expect(spoofed.thread).toMatchObject({ senderDiffers: true, userId: null });
      const page = await agent.get(`/support/threads/${spoofed.thread.id}`);
      expect(page.html).toMatch(/<dt>From \(header\)<\/dt><dd>reader@example\.com<\/dd>/);
      expect(page.html).toMatch(/<dt>Sent by \(envelope\)<\/dt><dd>bounces@mallory\.example<\/dd>/);
      expect(page.html).not.toMatch(/\d+ credits/);
      expect(page.html).toContain('and was sent by bounces@mallory.example</label>');
      expect((await get(SupportService).getThread(own.thread.id)).messages).toHaveLength(1);
    });

    it('never attaches a stranger to a thread by In-Reply-To/References alone', async () => {
      const email = await emailedEntry('Threaded post');
      const own = await send(
        { from: 'reader@example.com', to: email.replyTo, subject: 'Re: Threaded post' },
        'reader@example.com',
      );
      const answer = await get(SupportService).reply(
        own.thread.id,
        (await agentUser()).id,
        'Here is the answer.',
      );
      const support = `support@${domain}`;
      const stranger = await send(
        {
          from: 'mallory@example.net',
          to: support,
          subject: 'Re: Threaded post',
          inReplyTo: answer.messageId,
          references: `${email.messageId} ${answer.messageId}`,
        },
        'mallory@example.net',
      );
      expect(stranger.thread.id).not.toBe(own.thread.id);
      expect(stranger.thread).toMatchObject({
        userId: null,
        senderDiffers: true,
        contextOutboxEmailId: null,
      });
      const byOurEmail = await send(
        {
          from: 'mallory@example.net',
          to: support,
          subject: 'Re: Threaded post',
          references: email.messageId,
        },
        'mallory@example.net',
      );
      expect(byOurEmail.thread).toMatchObject({
        userId: null,
        senderDiffers: true,
        contextOutboxEmailId: null,
      });
      const readerAgain = await send(
        {
          from: 'reader@example.com',
          to: support,
          subject: 'Re: Threaded post',
          inReplyTo: answer.messageId,
        },
        'reader@example.com',
      );
      expect(readerAgain.thread.id).toBe(own.thread.id);
    });

    it('shows agents the mark, and answers a marked thread only when the agent confirms the recipient', async () => {
      const email = await emailedEntry('Marked post');
      const { thread } = await send(
        { from: 'mallory@example.net', to: email.replyTo, subject: 'Re: Marked post' },
        'mallory@example.net',
      );
      const list = await agent.get('/support');
      const row = list.html.split('<tr>').find((cells) => cells.includes(`/support/threads/${thread.id}`))!;
      expect(row).toContain(MARK);
      const page = await agent.get(`/support/threads/${thread.id}`);
      expect(page.html).toMatch(/Sender differs from the reader of the email replied to/);

      const unconfirmed = await agent.post(`/support/threads/${thread.id}/reply`, { text: 'Who are you?' });
      expect(unconfirmed.status).toBe(422);
      expect(unconfirmed.html).toContain('confirm that the answer goes to mallory@example.net');
      const elsewhere = await agent.post(`/support/threads/${thread.id}/reply`, {
        text: 'Who are you?',
        confirmRecipient: 'reader@example.com',
      });
      expect(elsewhere.status).toBe(422);
      expect(await supportRepliesFor('Re: Marked post')).toEqual([]);

      const confirmed = await agent.post(`/support/threads/${thread.id}/reply`, {
        text: 'Who are you?',
        confirmRecipient: 'mallory@example.net',
      });
      expect(confirmed.status).toBe(303);
      expect(await supportRepliesFor('Re: Marked post')).toEqual(['mallory@example.net']);
    });

    async function agentUser() {
      return get(AccountsService).getByEmail(`agent@${domain}`);
    }
  },
);
