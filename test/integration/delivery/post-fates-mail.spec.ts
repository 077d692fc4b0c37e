import { AccountsService } from '../../../src/accounts/accounts.service';
import { BillingService } from '../../../src/billing/billing.service';
import { DeliveryRecordService } from '../../../src/delivery/delivery-record.service';
import { FeedsService } from '../../../src/feeds/feeds.service';
import { PollService } from '../../../src/fetcher/poll.service';
import { OutboxService } from '../../../src/mail/outbox.service';
import { InboundMailService } from '../../../src/support/inbound-mail.service';
import { FeedServer, rssFeed } from '../../support/feed-server';
import { MisbehavingSmtp } from '../../support/misbehaving-smtp';
import { createTestApp, TestApp } from '../../support/test-app';
import { testDialects } from '../../support/test-database';
import { waitUntil } from '../../support/wait-until';
import { rawMessage } from '../support/inbound-mail-helpers';

const post = (slug: string, title: string, hour: number) => ({
  title,
  link: `https://lang.example/${slug}`,
  guid: slug,
  date: new Date(Date.UTC(2026, 10, 21, hour)).toUTCString(),
  description: `<p>About ${title}.</p>`,
});

/**
 * What the mail provider did with each post (deferred, refused, bounced or delayed by a DSN, suppressed) and
 * what the pattern and keep-K rules left out, read back from each reader's record: a real poll of a
 * loopback feed, a real SMTP server that answers 4xx and 5xx, a DSN through the inbound path.
 */
describe.each(testDialects())('what the mail provider did to each post, per reader, on %s', (dialect) => {
  let test: TestApp;
  let feedServer: FeedServer;
  let smtp: MisbehavingSmtp;

  beforeAll(async () => {
    feedServer = await new FeedServer().start();
    smtp = await new MisbehavingSmtp().start();
    smtp.plan = ({ recipient }) => {
      if (recipient.endsWith('@greylist.example'))
        return { at: 'rcpt', code: 451, message: '4.7.1 Greylisted, try again in 5 minutes' };
      if (recipient.endsWith('@gone.example'))
        return { at: 'rcpt', code: 550, message: '5.1.1 No such user' };
      return undefined;
    };
    test = await createTestApp(dialect, {
      SMTP_URL: smtp.url,
      MAIL_FROM: 'news@tidings.test',
      FETCH_HOST_GAP_MS: '0',
    });
  });

  afterAll(async () => {
    await test.close();
    await feedServer.stop();
    await smtp.stop();
  });

  const path = '/lang.xml';
  const poll = async (at: string, ...items: Array<ReturnType<typeof post>>) => {
    feedServer.set(path, { body: rssFeed('Language News', items) });
    test.clock.set(at);
    await test.app.get(PollService).pollDue({ all: true });
    await test.app.get(OutboxService).flush();
  };
  const reader = async (email: string, settings: Record<string, unknown>, credits = 10) => {
    const user = await test.app.get(AccountsService).addUser({ email, timezone: 'UTC' });
    await test.app.get(BillingService).grantStarterCredits(user.id, credits);
    const subscription = await test.app.get(FeedsService).subscribe(user.id, feedServer.url(path), settings);
    return { user, feedId: subscription.feedId };
  };
  const outcomes = async ({ user, feedId }: { user: { id: string }; feedId: string }) =>
    Object.fromEntries(
      (await test.app.get(DeliveryRecordService).recordOf(user.id, feedId, 50, 'en')).map((line) => [
        line.title,
        line.outcome,
      ]),
    );
  const received = (address: string) => smtp.received.filter((email) => email.envelope.to[0] === address);
  const deliver = (raw: string, from: string, to: string) =>
    test.app.get(InboundMailService).receive(Buffer.from(raw), { mailFrom: from, recipients: [to] });

  it('says deferred, bounced and suppressed as the provider answered, and which rule left a post out', async () => {
    // No credits at first: the emails wait for them, then meet the provider's deferral an hour later.
    const greylisted = await reader('slow@greylist.example', { keepRecent: 1 }, 0);
    const refused = await reader('nobody@gone.example', { keepRecent: 1 });
    const bounced = await reader('later@dsn.example', { keepRecent: 1 });
    const delayed = await reader('queued@slowmx.example', { keepRecent: 1 });
    const pattern = await reader('go@example.com', { filterRegex: '^Go\\b' });
    const few = await reader('few@example.com', { keepRecent: 1 });
    await poll('2026-11-21T09:00:00Z');
    const rust = post('rust', 'Rust 2.0 released', 11);
    const go = post('go', 'Go 1.30 notes', 10);
    await poll('2026-11-21T12:00:00Z', rust, go);

    // The providers took these emails, then sent a DSN back to their VERP addresses: failed, delayed.
    for (const [address, action, status, diagnostic] of [
      ['later@dsn.example', 'failed', '5.2.1', '550 5.2.1 Mailbox disabled'],
      ['queued@slowmx.example', 'delayed', '4.4.7', '450 4.4.7 Still trying'],
    ]) {
      const [taken] = received(address);
      expect(taken.parsed.subject).toBe('Rust 2.0 released');
      const dsn = rawMessage({
        from: 'Mail Delivery System <MAILER-DAEMON@mx.example>',
        to: taken.envelope.from,
        subject: 'Delivery Status Notification',
        headers: {
          'Content-Type': 'multipart/report; report-type=delivery-status; boundary="DSN"',
          'Auto-Submitted': 'auto-replied',
        },
        text: `--DSN\nContent-Type: message/delivery-status\n\nReporting-MTA: dns; mx.example\n\nFinal-Recipient: rfc822; ${address}\nAction: ${action}\nStatus: ${status}\nDiagnostic-Code: smtp; ${diagnostic}\n\n--DSN--\n`,
      });
      await deliver(dsn, '', taken.envelope.from);
    }

    expect((await outcomes(greylisted))['Rust 2.0 released']).toBe(
      'Waiting for credits: it goes out once your balance can pay for it.',
    );
    test.clock.set('2026-11-21T13:00:00Z');
    const credits = {
      userId: greylisted.user.id,
      credits: 5,
      reason: 'bought',
      idempotencyKey: 'greylisted',
    };
    await test.app.get(BillingService).adjust(credits);
    await test.app.get(OutboxService).flush();
    expect(await outcomes(greylisted)).toEqual({
      // Its own 451, or the domain's hold once the "deliveries paused" notice to the same domain had
      // been deferred twice (whichever of the two went last): deferred since 13:00 either way.
      'Rust 2.0 released': expect.stringMatching(
        /^Deferred by your mail provider since 21 Nov 2026, 13:00 \((451 4\.7\.1 Greylisted, try again in 5 minutes|3 temporary failures in a row)\); next try at 21 Nov 2026, 13:0\d\.$/,
      ),
      'Go 1.30 notes': 'Filtered out: only the 1 most recent posts of a batch are kept.',
    });
    expect(await outcomes(refused)).toEqual({
      'Rust 2.0 released': 'Bounced: 550 5.1.1 No such user.',
      'Go 1.30 notes': 'Filtered out: only the 1 most recent posts of a batch are kept.',
    });
    expect((await outcomes(bounced))['Rust 2.0 released']).toBe('Bounced: 550 5.2.1 Mailbox disabled.');
    expect((await outcomes(delayed))['Rust 2.0 released']).toMatch(
      /^Sent at 21 Nov 2026, 12:00 in its own email \(Message-ID <.+>\)\. Your mail provider then reported a delay in delivering it; it may still arrive\.$/,
    );
    expect(await outcomes(pattern)).toEqual({
      'Rust 2.0 released': 'Filtered out: it does not match your pattern ^Go\\b.',
      'Go 1.30 notes': expect.stringMatching(/^Sent at 21 Nov 2026, 12:00 in its own email \(Message-ID </),
    });
    expect(await outcomes(few)).toEqual({
      'Rust 2.0 released': expect.stringMatching(/^Sent at 21 Nov 2026, 12:00 in its own email/),
      'Go 1.30 notes': 'Filtered out: only the 1 most recent posts of a batch are kept.',
    });

    // The next post finds both bounced addresses suppressed: nothing goes there, and the record says why.
    const attemptsBefore = smtp.attempts.get('nobody@gone.example');
    await poll('2026-11-21T14:00:00Z', post('go-2', 'Go 1.31 plans', 13), rust, go);
    for (const lost of [refused, bounced])
      expect((await outcomes(lost))['Go 1.31 plans']).toBe(
        'Not sent: your address is suppressed after an earlier bounce or complaint.',
      );
    expect(smtp.attempts.get('nobody@gone.example')).toBe(attemptsBefore);
    expect(received('later@dsn.example')).toHaveLength(1);

    // "¿Por qué?" from the pattern reader: the same record in Spanish, theirs alone.
    const [goEmail] = received('go@example.com');
    const question = rawMessage({
      from: 'go@example.com',
      to: goEmail.parsed.replyTo![0].address!,
      subject: `Re: ${goEmail.parsed.subject}`,
      messageId: '<por-que@mua.example>',
      text: '¿Por qué?',
    });
    await deliver(question, 'go@example.com', goEmail.parsed.replyTo![0].address!);
    await test.app.get(OutboxService).flush();
    const answer = () => smtp.received.find((email) => email.parsed.inReplyTo === '<por-que@mua.example>');
    await waitUntil(() => answer() !== undefined, 'the answer to ¿por qué?');
    const text = answer()!.parsed.text!;
    expect(text).toContain('Filtrado: no coincide con su patrón ^Go\\b.');
    expect(text).toContain('Enviada el 21 nov 2026, 12:00 en su propio email');
    expect(text).toContain('Go 1.31 plans');
    expect(text).not.toMatch(/Aplazada|Rebotada|bloqueada|Greylisted|No such user|Mailbox disabled/);
  });

  it('answers "why" at the other address a feed is delivered to, from that address', async () => {
    feedServer.set('/notes.xml', { body: rssFeed('Field Notes', []) });
    const home = await test.app.get(AccountsService).addUser({ email: 'home@example.com', timezone: 'UTC' });
    await test.app.get(BillingService).grantStarterCredits(home.id, 10);
    const feeds = test.app.get(FeedsService);
    const subscription = await feeds.subscribe(home.id, feedServer.url('/notes.xml'), {});
    await feeds.chooseDeliverTo(home.id, subscription.id, 'lists@home.example', 'notes-link');
    expect(await feeds.confirmDeliverTo('notes-link')).not.toBeNull();
    test.clock.set('2026-11-22T09:00:00Z');
    await test.app.get(PollService).pollDue({ all: true });
    feedServer.set('/notes.xml', { body: rssFeed('Field Notes', [post('moss', 'Moss on stones', 9)]) });
    test.clock.set('2026-11-22T10:00:00Z');
    await test.app.get(PollService).pollDue({ all: true });
    await test.app.get(OutboxService).flush();

    const [note] = received('lists@home.example');
    expect(note.parsed.subject).toBe('Moss on stones');
    const replyTo = note.parsed.replyTo![0].address!;
    const why = rawMessage({
      from: 'lists@home.example',
      to: replyTo,
      subject: 'Re: Moss on stones',
      messageId: '<why-lists@mua.example>',
      text: 'why?',
    });
    await deliver(why, 'lists@home.example', replyTo);
    await test.app.get(OutboxService).flush();
    const answer = () => smtp.received.find((email) => email.parsed.inReplyTo === '<why-lists@mua.example>');
    await waitUntil(() => answer() !== undefined, 'the answer to why at the delivery address');
    expect(answer()!.envelope.to).toEqual(['lists@home.example']);
    expect(answer()!.parsed.text).toContain(`in its own email (Message-ID ${note.parsed.messageId})`);
    // A reply command from there is confirmed there too.
    const pause = rawMessage({
      from: 'lists@home.example',
      to: replyTo,
      subject: 'Re: Moss on stones',
      messageId: '<pause-lists@mua.example>',
      text: 'pause',
    });
    await deliver(pause, 'lists@home.example', replyTo);
    await test.app.get(OutboxService).flush();
    const confirmation = () =>
      smtp.received.find((email) => email.parsed.inReplyTo === '<pause-lists@mua.example>');
    await waitUntil(() => confirmation() !== undefined, 'the confirmation of pause at the delivery address');
    expect(confirmation()!.envelope.to).toEqual(['lists@home.example']);
  });
});
