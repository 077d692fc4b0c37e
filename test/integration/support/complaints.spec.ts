import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AccountsService, User } from '../../../src/accounts/accounts.service';
import { BillingService } from '../../../src/billing/billing.service';
import { FeedsService } from '../../../src/feeds/feeds.service';
import { MailService } from '../../../src/mail/mail.service';
import { OutboxService } from '../../../src/mail/outbox.service';
import { SuppressionsRepository } from '../../../src/mail/suppressions.repository';
import { SupportService } from '../../../src/support/support.service';
import { CapturedEmail, SmtpCapture } from '../../support/smtp-capture';
import { freePort } from '../../support/server-process';
import { testDialects } from '../../support/test-database';
import { createWebTestApp, WebTestApp } from '../../support/web-app';
import { InboundTransport, smtpTransport, webhookTransport } from './inbound-mail-helpers';

const key = 'complaints-spec-secret-key-0123456789';
const webhookSecret = 'complaints-webhook-secret-0123456789';
const domain = 'tidings.test';
const feedbackLoop = `fbl@${domain}`;

const fixture = (name: string) => readFileSync(join(__dirname, '..', '..', 'fixtures', 'arf', name), 'utf8');

/** The email as the provider's MX stored it: with the Return-Path it added from the envelope. */
function asReceived(email: CapturedEmail): string {
  return `Return-Path: <${email.envelope.from}>\r\n${email.raw}`;
}

function headerSection(raw: string): string {
  return raw.slice(0, raw.indexOf('\r\n\r\n'));
}

/** A provider's report about this email, from one of the templates in test/fixtures/arf. */
function report(template: string, email: CapturedEmail, options: { redact?: boolean } = {}): string {
  const reader = email.envelope.to[0];
  const redact = (text: string) => (options.redact ? text.split(reader).join('redacted') : text);
  const values: Record<string, string> = {
    ORIGINAL_MESSAGE: redact(asReceived(email)),
    ORIGINAL_HEADERS: redact(headerSection(asReceived(email))),
    ORIGINAL_MAIL_FROM: email.envelope.from,
    ORIGINAL_RCPT_TO: reader,
    ORIGINAL_MESSAGE_ID: email.parsed.messageId ?? '',
    ORIGINAL_SUBJECT: email.parsed.subject ?? '',
    ORIGINAL_LIST_UNSUBSCRIBE_FIELD: /^List-Unsubscribe:.*(?:\r\n[ \t].*)*/im.exec(
      headerSection(email.raw),
    )![0],
  };
  return fixture(template)
    .replace(/%([A-Z_]+)%/g, (_, name: string) => values[name])
    .replace(/\r?\n/g, '\r\n');
}

const cases = testDialects().flatMap((dialect) => [
  { dialect, transport: 'SMTP' as const },
  { dialect, transport: 'HTTP' as const },
]);

describe.each(cases)('complaints (ARF) on $dialect through $transport', ({ dialect, transport: via }) => {
  let server: WebTestApp;
  let outgoing: SmtpCapture;
  let inbound: InboundTransport;
  let smtpPort: number;
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
    });
    inbound =
      via === 'SMTP' ? smtpTransport(() => smtpPort) : webhookTransport(() => server.baseUrl, webhookSecret);
  });

  afterAll(async () => {
    await server.close();
    await outgoing.stop();
  });

  /** A reader with two feeds, and the entry email of the first as they received it. */
  async function readerWithEmail(name: string) {
    const reader = await get(AccountsService).addUser({ email: `${name}.${via}@example.com` });
    await get(BillingService).grantStarterCredits(reader.id, 100);
    const first = await get(FeedsService).subscribe(reader.id, `https://first.example/${name}.xml`, {});
    const second = await get(FeedsService).subscribe(reader.id, `https://second.example/${name}.xml`, {});
    const email = await sendEntry(reader, first.id, `first:${name}`);
    return { reader, first, second, email: email! };
  }

  async function sendEntry(reader: User, subscriptionId: string, dedupKey: string) {
    await get(MailService).sendEntry({
      dedupKey,
      to: { userId: reader.id, email: reader.email },
      subscriptionId,
      feed: { id: 'feed', title: 'Example Blog', url: 'https://blog.example/feed', siteUrl: null },
      entry: {
        title: dedupKey,
        link: 'https://blog.example/post',
        author: null,
        published: null,
        html: '<p>Hi</p>',
      },
    });
    await get(OutboxService).flush();
    const [row] = await get(OutboxService).findByDedupKeys([dedupKey]);
    return { row, received: outgoing.messages.find((m) => m.parsed.messageId === row.messageId) };
  }

  const subscriptionIds = async (user: User) =>
    (await get(FeedsService).subscriptionsOfUser(user.id)).map((subscription) => subscription.id);

  const deliverReport = (raw: string) => inbound.deliver(raw, { from: '', to: [feedbackLoop] });

  /** This app's counters on /metrics, as a scraper reads them: `name{labels}` → value. */
  async function counters(): Promise<(series: string) => number> {
    const text = await (await fetch(`${server.baseUrl}/metrics`)).text();
    return (series) =>
      Number(new RegExp(`^${series.replace(/[{}]/g, '\\$&')} (\\S+)$`, 'm').exec(text)?.[1] ?? 0);
  }
  const SIGNED = 'tidings_complaints_total{proof="signed-token"}';
  const BY_MESSAGE_ID = 'tidings_complaints_total{proof="message-id"}';
  const UNPROVEN = 'tidings_unproven_reports_total';
  const isSuppressed = async (user: User) =>
    (await get(SuppressionsRepository).suppressedAmong([user.email])).size > 0;

  it('ends the subscription a Yahoo report names, stops subscribed mail to the reader, and counts it once', async () => {
    const { reader, second, email } = await readerWithEmail('yahoo');
    const complaintsBefore = await get(MailService).countComplaints();
    const yahoo = report('yahoo-cfl.eml', email.received!);

    expect(await deliverReport(yahoo)).toEqual({ accepted: true });
    expect(await subscriptionIds(reader)).toEqual([second.id]);
    expect(await get(MailService).countComplaints()).toBe(complaintsBefore + 1);
    expect(await deliverReport(yahoo)).toEqual({ accepted: true });
    expect(await get(MailService).countComplaints()).toBe(complaintsBefore + 1);

    const later = await sendEntry(reader, second.id, 'second:yahoo');
    expect(later.row.status).toBe('suppressed');
    expect(later.received).toBeUndefined();
    await get(MailService).sendSignIn({
      dedupKey: `sign-in:${reader.id}`,
      to: { userId: reader.id, email: reader.email },
      link: 'https://tidings.test/signin/abc',
      expiresInMinutes: 30,
    });
    await get(OutboxService).flush();
    const signIn = outgoing.messages.filter((m) => m.envelope.to[0] === reader.email);
    expect(signIn.map((m) => m.parsed.subject)).toEqual(['first:yahoo', 'Your Tidings sign-in link']);
    expect(await get(SupportService).listThreads()).toEqual([]);
  });

  it.each([
    ['AOL (headers only)', 'aol-scomp.eml'],
    ['Microsoft JMRP', 'microsoft-jmrp.eml'],
  ])('reads a %s report that redacted the reader’s address', async (_, template) => {
    const { reader, second, email } = await readerWithEmail(template.split('.')[0]);
    const raw = report(template, email.received!, { redact: true });
    expect(raw).not.toContain(reader.email);
    expect(await deliverReport(raw)).toEqual({ accepted: true });
    expect(await subscriptionIds(reader)).toEqual([second.id]);
    expect(await get(SuppressionsRepository).suppressedAmong([reader.email])).toEqual(
      new Set([reader.email]),
    );
  });

  it('changes nothing for a "not spam" report, nor for one about mail Tidings did not send', async () => {
    const { reader, email } = await readerWithEmail('bystander');
    const before = await subscriptionIds(reader);
    const complaintsBefore = await get(MailService).countComplaints();
    const notSpam = report('yahoo-cfl.eml', email.received!).replace(
      'Feedback-Type: abuse',
      'Feedback-Type: not-spam',
    );
    const forgedVerp = report('yahoo-cfl.eml', email.received!)
      .replace(/bounce-[0-9a-z]{26}\./g, 'bounce-01aaaaaaaaaaaaaaaaaaaaaaaa.')
      .replace(/reply-[0-9a-z]{26}\./g, 'reply-01aaaaaaaaaaaaaaaaaaaaaaaa.')
      .replace(/(\/unsubscribe\/|unsubscribe%20)[A-Za-z0-9_-]+\./g, '$1ZTowMWFhYWFhYWFh.')
      .split(email.received!.parsed.messageId!)
      .join('<someone-else@example.net>');
    const metricsBefore = await counters();
    for (const raw of [notSpam, fixture('rfc5965-appendix-b.eml').replace(/\r?\n/g, '\r\n'), forgedVerp])
      expect(await deliverReport(raw)).toEqual({ accepted: true });
    expect(await subscriptionIds(reader)).toEqual(before);
    expect(await get(SuppressionsRepository).suppressedAmong([reader.email])).toEqual(new Set());
    // The spammer's report and the forged one name no email of ours: not complaints.
    expect(await get(MailService).countComplaints()).toBe(complaintsBefore);
    const metricsAfter = await counters();
    for (const series of [SIGNED, BY_MESSAGE_ID]) expect(metricsAfter(series)).toBe(metricsBefore(series));
    expect(metricsAfter(UNPROVEN)).toBe(metricsBefore(UNPROVEN) + 2);
    const rows = await (await fetch(`${server.baseUrl}/metrics`)).text();
    expect(rows).toMatch(new RegExp(`^tidings_complaints_stored ${complaintsBefore}$`, 'm'));
  });

  it('lets a forged report naming only a Message-ID end that email’s subscription and no more', async () => {
    const { reader, second, email } = await readerWithEmail('forged');
    const metricsBefore = await counters();
    const forged = report('forged-message-id-only.eml', email.received!);
    expect(forged).not.toMatch(/(?:reply|bounce)-|\/unsubscribe\//);
    expect(await deliverReport(forged)).toEqual({ accepted: true });

    expect(await subscriptionIds(reader)).toEqual([second.id]);
    expect(await isSuppressed(reader)).toBe(false);
    const later = await sendEntry(reader, second.id, 'second:forged');
    expect(later.row.status).toBe('sent');
    expect(later.received?.parsed.subject).toBe('second:forged');
    const metricsAfter = await counters();
    expect(metricsAfter(BY_MESSAGE_ID)).toBe(metricsBefore(BY_MESSAGE_ID) + 1);
    expect(metricsAfter(SIGNED)).toBe(metricsBefore(SIGNED));
  });

  it('takes the List-Unsubscribe link of the original’s headers as proof: the reader’s subscribed mail stops', async () => {
    const { reader, second, email } = await readerWithEmail('list-unsubscribe');
    const metricsBefore = await counters();
    const raw = report('list-unsubscribe-only.eml', email.received!);
    expect(raw).not.toMatch(/(?:reply|bounce)-/);
    expect(raw).not.toContain(reader.email);
    expect(await deliverReport(raw)).toEqual({ accepted: true });

    expect(await subscriptionIds(reader)).toEqual([second.id]);
    expect(await isSuppressed(reader)).toBe(true);
    expect((await sendEntry(reader, second.id, 'second:list-unsubscribe')).row.status).toBe('suppressed');
    expect((await counters())(SIGNED)).toBe(metricsBefore(SIGNED) + 1);
  });

  it('names the email by its Message-ID alone, in any case, and keeps a hard bounce over a complaint', async () => {
    const { reader, second, email } = await readerWithEmail('message-id');
    await get(OutboxService).recordBounce(email.row.id, 'bounced: 5.1.1 no such user');
    const outcome = await get(MailService).recordComplaint({
      feedbackType: 'abuse',
      userAgent: 'SomeGenerator/1.0',
      addresses: ['bounce-forged.aaaaaaaaaaaaaaaa@tidings.test', 'somespammer@example.net'],
      messageIds: [email.row.messageId.toUpperCase()],
    });
    expect(outcome).toEqual({ emailId: email.row.id, proof: 'message-id', isNew: true, unsubscribed: 1 });
    expect(await subscriptionIds(reader)).toEqual([second.id]);
    await get(MailService).sendSignIn({
      dedupKey: `sign-in:${reader.id}`,
      to: { userId: reader.id, email: reader.email },
      link: 'https://tidings.test/signin/abc',
      expiresInMinutes: 30,
    });
    expect(await get(OutboxService).flush()).toMatchObject({ sent: 0, suppressed: 1 });
  });
});
