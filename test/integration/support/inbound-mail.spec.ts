import { AccountsService, User } from '../../../src/accounts/accounts.service';
import { MailService } from '../../../src/mail/mail.service';
import { OutboxService } from '../../../src/mail/outbox.service';
import { SuppressionsService } from '../../../src/mail/suppressions.service';
import { bounceAddress, replyAddress } from '../../../src/support/domain/reply-addresses';
import { SupportService } from '../../../src/support/support.service';
import { SmtpCapture } from '../../support/smtp-capture';
import { testDialects } from '../../support/test-database';
import { createTestServer, TestServer } from '../../support/test-server';
import { InboundTransport, rawMessage, smtpTransport, webhookTransport } from './inbound-mail-helpers';

const key = 'support-spec-secret-key-0123456789';
const webhookSecret = 'support-webhook-secret-0123456789';
const domain = 'tidings.test';
const entryId = '01JD3Z7A1B2C3D4E5F6G7H8J9K';

const cases = testDialects().flatMap((dialect) => [
  { dialect, transport: 'SMTP' as const },
  { dialect, transport: 'HTTP' as const },
]);

describe.each(cases)('support by email on $dialect through $transport', ({ dialect, transport: via }) => {
  let server: TestServer;
  let outgoing: SmtpCapture;
  let inbound: InboundTransport;
  let reader: User;
  let agent: User;
  let sequence = 0;
  const get = <T>(type: new (...args: never[]) => T) => server.app.get(type);

  beforeAll(async () => {
    outgoing = await new SmtpCapture().start();
    server = await createTestServer(dialect, {
      SECRET_KEY: key,
      MAIL_FROM: `tidings@${domain}`,
      SMTP_URL: outgoing.url,
      SUPPORT_WEBHOOK_SECRET: webhookSecret,
      SUPPORT_AUTO_ACK: 'true',
      INBOUND_MAX_BYTES: '65536',
    });
    inbound =
      via === 'SMTP'
        ? smtpTransport(() => server.smtpPort)
        : webhookTransport(() => server.baseUrl, webhookSecret);
    reader = await get(AccountsService).addUser({ email: 'reader@example.com' });
    agent = await get(AccountsService).addUser({ email: `agent@${domain}`, role: 'support' });
  });

  afterAll(async () => {
    await server.close();
    await outgoing.stop();
  });

  /** An email of ours that the reader received (enqueued and sent). */
  async function emailedEntry(title: string) {
    sequence += 1;
    const dedupKey = `entry:${entryId}:user:${reader.id}:${sequence}`;
    await get(MailService).sendEntry({
      dedupKey,
      to: { userId: reader.id, email: reader.email },
      subscriptionId: 'none',
      feed: { id: 'feed', title: 'Example Blog', url: 'https://blog.example/feed', siteUrl: null },
      entry: { title, link: 'https://blog.example/post', author: null, published: null, html: '<p>Hi</p>' },
    });
    await get(OutboxService).flush();
    const [email] = await get(OutboxService).findByDedupKeys([dedupKey]);
    return email;
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
    const to = replyAddress(key, domain, reader.id, email.id);
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
});
