import { AccountsService } from '../../../src/accounts/accounts.service';
import { BillingService } from '../../../src/billing/billing.service';
import { DeliveryRecordService } from '../../../src/delivery/delivery-record.service';
import { DigestService } from '../../../src/delivery/digest.service';
import { FeedsService } from '../../../src/feeds/feeds.service';
import { PollService } from '../../../src/fetcher/poll.service';
import { OutboxService } from '../../../src/mail/outbox.service';
import { FeedServer, rssFeed } from '../../support/feed-server';
import { CapturedEmail, SmtpCapture } from '../../support/smtp-capture';
import { rawMessage } from '../support/inbound-mail-helpers';
import { waitUntil } from '../../support/wait-until';
import { InboundMailService } from '../../../src/support/inbound-mail.service';
import { createTestApp, TestApp } from '../../support/test-app';
import { testDialects } from '../../support/test-database';

const post = (slug: string, title: string, hour: number, text = `<p>About ${title}.</p>`) => ({
  title,
  link: `https://blog.example/${slug}`,
  guid: slug,
  date: new Date(Date.UTC(2026, 10, 21, hour)).toUTCString(),
  description: text,
});

/** The record and the "Updated" email through the real planner, poller and outbox, on each dialect. */
describe.each(testDialects())('what happens to each post, per reader, on %s', (dialect) => {
  let test: TestApp;
  let feedServer: FeedServer;
  let smtp: SmtpCapture;

  beforeAll(async () => {
    feedServer = await new FeedServer().start();
    smtp = await new SmtpCapture().start();
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

  const poll = async (at: string) => {
    test.clock.set(at);
    await test.app.get(PollService).pollDue({ all: true });
    await test.app.get(OutboxService).flush();
  };
  const reader = async (email: string, credits: number, settings: Record<string, unknown>, path: string) => {
    const user = await test.app.get(AccountsService).addUser({ email, timezone: 'UTC', digestHour: 7 });
    await test.app.get(BillingService).grantStarterCredits(user.id, credits);
    const subscription = await test.app.get(FeedsService).subscribe(user.id, feedServer.url(path), settings);
    return { user, subscription };
  };
  /** The text of the answer to a reply "pourquoi ?" from the email's reader. */
  const ask = async (email: CapturedEmail): Promise<string> => {
    const from = email.envelope.to[0];
    const to = email.parsed.replyTo![0].address!;
    const messageId = `<why-${from}@mua.example>`;
    const reply = rawMessage({
      from,
      to,
      messageId,
      subject: `Re: ${email.parsed.subject}`,
      text: 'Pourquoi ?',
    });
    await test.app.get(InboundMailService).receive(Buffer.from(reply), { mailFrom: from, recipients: [to] });
    await test.app.get(OutboxService).flush();
    const answer = () => smtp.messages.find((one) => one.parsed.inReplyTo === messageId);
    await waitUntil(() => answer() !== undefined, `the answer to ${from}`);
    return answer()!.parsed.text!;
  };
  const record = (userId: string, feedId: string, language: 'en' | 'fr' = 'en') =>
    test.app.get(DeliveryRecordService).recordOf(userId, feedId, 50, language);

  it('records each fate for its reader alone, and an edit tells only who asked and got the post', async () => {
    const path = '/record.xml';
    feedServer.set(path, { body: rssFeed('Record Blog', []) });
    // Two credits: the first post and its "Updated" email; the post after them waits for credits.
    const picky = await reader('picky@example.com', 2, { includeWords: ['apples'], onUpdate: 'tell' }, path);
    const quiet = await reader('quiet@example.com', 10, {}, path);
    const calm = await reader('calm@example.com', 10, { mode: 'daily', onUpdate: 'tell' }, path);
    const publish = (...items: Array<ReturnType<typeof post>>) =>
      feedServer.set(path, { body: rssFeed('Record Blog', items) });
    await poll('2026-11-21T10:00:00Z');
    const apples = post('apples', 'Apples in autumn', 11, '<p>Crisp. The orchard opens at nine.</p>');
    const pears = post('pears', 'Pears', 10);
    publish(pears, apples);
    await poll('2026-11-21T12:00:00Z');
    await smtp.waitFor(3);

    // The post is edited, its title and one sentence: only the reader who asked and got it is told.
    const sentBefore = smtp.messages.length;
    const edited = {
      ...apples,
      title: 'Apples in late autumn',
      description: '<p>Crisp. The orchard opens at ten.</p>',
    };
    publish(pears, edited);
    await poll('2026-11-21T14:00:00Z');
    const updates = (await smtp.waitFor(sentBefore + 1)).slice(sentBefore);
    expect(updates.map((email) => [email.envelope.to[0], email.parsed.subject])).toEqual([
      ['picky@example.com', 'Updated: Apples in late autumn'],
    ]);
    expect(updates[0].parsed.text).toContain('It now says:\n- The orchard opens at ten.');
    publish(post('apples-2', 'More apples', 15), pears, edited);
    await poll('2026-11-21T15:00:00Z');

    const feedId = picky.subscription.feedId;
    const outcomes = async (userId: string, language: 'en' | 'fr' = 'en') =>
      Object.fromEntries((await record(userId, feedId, language)).map((line) => [line.title, line.outcome]));
    expect(await outcomes(picky.user.id)).toEqual({
      'More apples': 'Waiting for credits: it goes out once your balance can pay for it.',
      Pears: 'Filtered out: none of your words (apples) is in it.',
      'Apples in late autumn': expect.stringMatching(
        /^Sent at 21 Nov 2026, 12:00 in its own email \(Message-ID </,
      ),
    });
    // Replying "pourquoi" answers with the same record in French, for that reader alone.
    const answers = [
      await ask(updates[0]),
      await ask(smtp.messages.find((email) => email.envelope.to[0] === 'quiet@example.com')!),
    ];
    expect(await outcomes(picky.user.id, 'fr')).toMatchObject({
      'More apples': 'En attente de crédits : il partira dès que votre solde pourra le payer.',
      Pears: 'Filtré : aucun de vos mots (apples) n’y figure.',
    });
    for (const outcome of Object.values(await outcomes(picky.user.id, 'fr')))
      expect(answers[0]).toContain(outcome);
    expect(answers[0]).toContain('Vu le 21 nov. 2026, 12:00');
    expect(answers[1]).not.toMatch(/Filtré|En attente de crédits/);
    const quietOutcomes = Object.values(await outcomes(quiet.user.id));
    expect(quietOutcomes).toHaveLength(3);
    for (const outcome of quietOutcomes) expect(outcome).toMatch(/^Sent at/);
    expect(Object.values(await outcomes(calm.user.id))).toEqual([
      'Waiting for the daily digest of 22 Nov 2026.',
      'Waiting for the daily digest of 22 Nov 2026.',
      'Waiting for the daily digest of 22 Nov 2026.',
    ]);

    // The feed takes the post down within a day: no email retracts it, the record shows it.
    const beforeRemoval = smtp.messages.length;
    publish(post('apples-2', 'More apples', 15), pears);
    await poll('2026-11-21T16:00:00Z');
    expect((await outcomes(picky.user.id))['Apples in late autumn']).toMatch(
      /The feed removed it at 21 Nov 2026, 16:00; no email takes it back\.$/,
    );
    expect(smtp.messages).toHaveLength(beforeRemoval);

    // The digest sent after the edit carries the new title, and the record says which email carried it.
    const beforeDigest = smtp.messages.length;
    await test.app.get(DigestService).sendDue(new Date('2026-11-22T07:00:00Z'));
    test.clock.set('2026-11-22T07:00:00Z');
    await test.app.get(OutboxService).flush();
    const [digest] = (await smtp.waitFor(beforeDigest + 1)).slice(beforeDigest);
    expect(digest.envelope.to).toEqual(['calm@example.com']);
    expect(digest.parsed.text).toContain('Apples in late autumn');
    expect(digest.parsed.text).not.toContain('Apples in autumn');
    for (const outcome of Object.values(await outcomes(calm.user.id)))
      expect(outcome).toMatch(/^Sent at 22 Nov 2026, 07:00 in your daily digest \(Message-ID </);
  });

  it('names the post of another feed that told the same story first, for the reader who follows both', async () => {
    feedServer.set('/origin.xml', { body: rssFeed('Origin Blog', []) });
    feedServer.set('/relay.xml', { body: rssFeed('Relay Roundup', [], 'https://relay.example/') });
    const both = await reader('both@example.com', 10, {}, '/origin.xml');
    const relayOfBoth = await test.app
      .get(FeedsService)
      .subscribe(both.user.id, feedServer.url('/relay.xml'), { excludeWords: ['crypto'] });
    const relayOnly = await reader('relay-only@example.com', 10, {}, '/relay.xml');
    await poll('2026-11-23T08:00:00Z');
    const story = post('story', 'Pears in winter', 8);
    feedServer.set('/origin.xml', { body: rssFeed('Origin Blog', [story]) });
    await poll('2026-11-23T09:00:00Z');
    const relayed = {
      ...story,
      title: 'Pears in winter (via Origin Blog)',
      link: `${story.link}?utm_source=relay`,
      guid: 'relay-story',
    };
    const crypto = { ...post('relay-crypto', 'Crypto pears', 9), link: 'https://relay.example/crypto' };
    feedServer.set('/relay.xml', {
      body: rssFeed('Relay Roundup', [crypto, relayed], 'https://relay.example/'),
    });
    await poll('2026-11-23T10:00:00Z');

    const relayRecord = async (userId: string) =>
      Object.fromEntries(
        (await record(userId, relayOfBoth.feedId)).map((line) => [line.title, line.outcome]),
      );
    expect(await relayRecord(both.user.id)).toEqual({
      'Crypto pears': 'Filtered out: it has your excluded word “crypto”.',
      'Pears in winter (via Origin Blog)':
        'Not sent again: the same story as “Pears in winter” from Origin Blog.',
    });
    const theirs = Object.values(await relayRecord(relayOnly.user.id));
    expect(theirs).toHaveLength(2);
    for (const outcome of theirs) expect(outcome).toMatch(/^Sent at 23 Nov 2026, 10:00 in its own email/);
  });
});
