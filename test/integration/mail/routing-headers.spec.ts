import { decodeWords } from 'postal-mime';
import { FeedsService } from '../../../src/feeds/feeds.service';
import { DigestSection, EntryEmail } from '../../../src/mail/email-models';
import { TEMPLATE_NAMES } from '../../../src/mail/email-templates';
import { MailService } from '../../../src/mail/mail.service';
import { OutboxService } from '../../../src/mail/outbox.service';
import { CapturedEmail, SmtpCapture } from '../../support/smtp-capture';
import { createTestApp, TestApp } from '../../support/test-app';
import { testDialects } from '../../support/test-database';
import { entryEmail, MAIL_ENV, pauseConfirmation, subscribedReader } from './mail-fixtures';

/** Gmail's `list:` operator: the id between the angle brackets of List-Id, whatever its label says. */
function listIdOf(email: CapturedEmail): string | null {
  return /<([^>]+)>\s*$/.exec(email.header('list-id') ?? '')?.[1] ?? null;
}

/**
 * A Sieve or procmail rule (`header :contains "List-Id" "<id>"`) reads the raw header, unfolded and not
 * decoded: the id must be there in plain ASCII whatever the label's script.
 */
function rawListIdOf(email: CapturedEmail): string | null {
  const head = email.raw.split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]+/g, ' ');
  return /^List-Id:.*<([^>]+)>\s*$/im.exec(head)?.[1] ?? null;
}

/** A reader's filters, as a mail client applies them: the first list that matches files the email. */
function folderOf(
  email: CapturedEmail,
  filters: ReadonlyArray<{ list: string; folder: string }>,
  listOf: (email: CapturedEmail) => string | null = listIdOf,
): string {
  return filters.find((filter) => listOf(email) === filter.list)?.folder ?? 'Inbox';
}

describe.each(testDialects())('routing headers of every email kind on %s, parsed', (dialect) => {
  let smtp: SmtpCapture;
  let test: TestApp;
  let mail: MailService;
  let outbox: OutboxService;

  beforeAll(async () => {
    smtp = await new SmtpCapture().start();
    test = await createTestApp(dialect, { ...MAIL_ENV, SMTP_URL: smtp.url });
    mail = test.app.get(MailService);
    outbox = test.app.get(OutboxService);
  });

  afterAll(async () => {
    await test.close();
    await smtp.stop();
  });

  it('name each feed for filters, tag its subjects, and route two feeds into two folders', async () => {
    const feeds = test.app.get(FeedsService);
    const ars = await subscribedReader(test, 'reader@example.com', 'https://ars.example/feed.xml');
    const tagged = await feeds.subscribe(ars.user.id, ars.feed.url, { subjectTag: 'Ars' });
    const blogUrl = 'https://blog.example/日本/feed.xml';
    const blogSubscription = await feeds.subscribe(ars.user.id, blogUrl, {});
    const blog = {
      ...ars,
      subscription: blogSubscription,
      feed: await feeds.getFeed(blogSubscription.feedId),
    };
    const to = { userId: ars.user.id, email: ars.user.email };
    const arsEntry: EntryEmail = {
      ...entryEmail(ars, { key: 'entry:ars', feedTitle: 'Ars Technica', title: 'Chips' }),
      subjectTag: tagged.subjectTag,
    };
    const blogEntry = entryEmail(blog, {
      key: 'entry:blog',
      feedTitle: '日本のブログ « ✓ »',
      title: 'Konnichiwa',
    });
    const section = (email: EntryEmail, subjectTag: string | null): DigestSection => ({
      feed: email.feed,
      subscriptionId: email.subscriptionId,
      subjectTag,
      entries: [email.entry],
      headlines: [],
    });

    await mail.sendEntry(arsEntry);
    await mail.sendEntry(blogEntry);
    await mail.sendDigest({
      dedupKey: 'burst',
      to,
      title: '12 new posts from Ars Technica',
      isBurst: true,
      sections: [section(arsEntry, 'Ars')],
    });
    await mail.sendDigest({
      dedupKey: 'digest',
      to,
      title: 'Your daily digest',
      sections: [section(arsEntry, 'Ars'), section(blogEntry, null)],
    });
    await mail.sendFeedProblem({
      dedupKey: 'gone',
      to,
      feed: arsEntry.feed,
      problem: 'gone',
      detail: '410',
      subscriptionId: tagged.id,
      subjectTag: 'Ars',
    });
    await mail.sendSignIn({ dedupKey: 'sign-in', to, link: 'https://tidings.test/s', expiresInMinutes: 15 });
    // Asks before anything of the feed goes there: service mail, not the feed's list yet.
    await mail.sendAddressConfirmation({
      dedupKey: 'deliver-to',
      to,
      accountEmail: 'reader@example.com',
      feed: arsEntry.feed,
      link: 'https://tidings.test/deliver-to/t',
      validDays: 7,
    });
    await mail.sendLowBalance({ dedupKey: 'low', to, balance: 0, prices: 'p', buyUrl: 'https://t.test/c' });
    await mail.sendSupportReply({
      dedupKey: 'support',
      to,
      subject: 'Re: help',
      bodyText: 'Hello',
      references: [],
    });
    await mail.sendCommandConfirmation(pauseConfirmation('command', to, arsEntry.feed, [tagged.id]));
    await mail.sendDeliveryRecord({
      dedupKey: 'why',
      to,
      feeds: [{ feed: arsEntry.feed, subscriptionId: tagged.id, posts: [] }],
      inReplyTo: null,
      language: 'en',
    });
    await mail.sendEntryUpdate({
      dedupKey: 'update',
      to,
      subscriptionId: tagged.id,
      feed: arsEntry.feed,
      subjectTag: 'Ars',
      entry: { title: 'Chips', link: 'https://ars.example/chips' },
      titleBefore: null,
      added: ['Chips are faster now.'],
      removed: [],
      more: 0,
    });
    const keys = [
      'update',
      'entry:ars',
      'entry:blog',
      'burst',
      'digest',
      'gone',
      'sign-in',
      'deliver-to',
      'low',
      'support',
      'command',
      'why',
    ];
    const kinds = new Set((await outbox.findByDedupKeys(keys)).map((row) => row.kind));
    expect([...kinds].sort()).toEqual([...TEMPLATE_NAMES].sort());
    expect(await outbox.flush()).toMatchObject({ sent: 12 });
    const emails = await smtp.waitFor(12);
    const byKind = (subject: RegExp) => emails.find((email) => subject.test(email.parsed.subject ?? ''))!;

    const arsList = `${ars.feed.id.toLowerCase()}.lists.tidings.test`;
    const blogList = `${blog.feed.id.toLowerCase()}.lists.tidings.test`;
    const seen = (email: CapturedEmail) => ({
      subject: email.parsed.subject,
      listId: listIdOf(email),
      label: decodeWords((email.header('list-id') ?? '').replace(/\s*<[^>]*>$/, '')),
      feed: email.header('x-tidings-feed') ?? null,
    });
    expect(seen(byKind(/^\[Ars\] Chips/))).toEqual({
      subject: '[Ars] Chips',
      listId: arsList,
      label: '"Ars Technica"',
      feed: 'https://ars.example/feed.xml',
    });
    expect(seen(byKind(/Konnichiwa/))).toEqual({
      subject: 'Konnichiwa',
      listId: blogList,
      label: '日本のブログ « ✓ »',
      feed: 'https://blog.example/%E6%97%A5%E6%9C%AC/feed.xml',
    });
    expect(seen(byKind(/12 new posts/))).toMatchObject({
      subject: '[Ars] 12 new posts from Ars Technica',
      listId: arsList,
      feed: 'https://ars.example/feed.xml',
    });
    // A digest mixes feeds: its own list, and no tag unless every section has the same.
    expect(seen(byKind(/daily digest/))).toEqual({
      subject: 'Your daily digest',
      listId: 'digest.lists.tidings.test',
      label: '"Tidings digest"',
      feed: null,
    });
    expect(seen(byKind(/is gone/))).toMatchObject({ subject: '[Ars] Ars Technica is gone', listId: arsList });
    // Service mail (sign-in, address confirmation, credits, support, answers to replies) is no feed's list.
    const unlisted = emails.filter((email) => !listIdOf(email));
    expect(unlisted).toHaveLength(6);
    for (const email of unlisted) expect(email.header('x-tidings-feed')).toBeUndefined();

    const filters = [
      { list: arsList, folder: 'Ars' },
      { list: blogList, folder: 'Blog' },
    ];
    const filed = (folder: string) =>
      emails
        .filter((email) => folderOf(email, filters) === folder)
        .map((email) => email.parsed.subject)
        .sort();
    expect(filed('Ars')).toEqual([
      '[Ars] 12 new posts from Ars Technica',
      '[Ars] Ars Technica is gone',
      '[Ars] Chips',
      '[Ars] Updated: Chips',
    ]);
    expect(filed('Blog')).toEqual(['Konnichiwa']);
    expect(filed('Inbox')).toHaveLength(7);
    // The same folders for a rule on the raw header as for Gmail's parsed one.
    for (const email of emails) expect(folderOf(email, filters, rawListIdOf)).toBe(folderOf(email, filters));
  });
});
