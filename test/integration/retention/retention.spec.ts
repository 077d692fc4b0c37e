import { DataSource } from 'typeorm';
import { AccountsService } from '../../../src/accounts/accounts.service';
import { BillingService } from '../../../src/billing/billing.service';
import { DatabaseSpace } from '../../../src/db/database-space';
import { DigestService } from '../../../src/delivery/digest.service';
import { FeedsService } from '../../../src/feeds/feeds.service';
import { PollService } from '../../../src/fetcher/poll.service';
import { OutboxService } from '../../../src/mail/outbox.service';
import { RetentionService } from '../../../src/retention/retention.service';
import { FeedServer, rssFeed } from '../../support/feed-server';
import { SmtpCapture } from '../../support/smtp-capture';
import { createTestApp, TestApp } from '../../support/test-app';
import { testDialects } from '../../support/test-database';

const DAY_MS = 24 * 60 * 60_000;
const POSTS = 30;

describe.each(testDialects())('retention on %s', (dialect) => {
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
      RETENTION_DAYS: '90',
    });
  });

  afterAll(async () => {
    await test.close();
    await feedServer.stop();
    await smtp.stop();
  });

  const query = async (sql: string): Promise<number> => {
    const [row] = await test.app.get(DataSource).query(sql);
    return Number(Object.values(row as object)[0] ?? 0);
  };
  /** Bytes of the bodies retention prunes, read from the tables themselves (InnoDB's figures lag). */
  const bodyBytes = () =>
    query(
      "SELECT (SELECT COALESCE(SUM(LENGTH(COALESCE(summary, '')) + LENGTH(COALESCE(content, ''))), 0) FROM entries) + " +
        '(SELECT COALESCE(SUM(LENGTH(html) + LENGTH(text)), 0) FROM outbox_emails) + ' +
        "(SELECT COALESCE(SUM(LENGTH(COALESCE(html, ''))), 0) FROM extracted_articles)",
    );

  /** A post of about 20 kB, its page served on loopback for full-text extraction. */
  const post = (n: number, guid = `post-${n}`) => {
    const path = `/posts/${n}`;
    const paragraph = `<p>Paragraph of post ${n}, long enough to be an article. ${'Lorem ipsum dolor sit amet. '.repeat(40)}</p>`;
    feedServer.set(path, {
      headers: { 'content-type': 'text/html; charset=utf-8' },
      body: `<html><head><title>Post ${n}</title></head><body><article><h1>Post ${n}</h1>${paragraph.repeat(8)}</article></body></html>`,
    });
    return {
      title: `Post ${n}`,
      link: feedServer.url(path),
      guid,
      date: new Date(Date.UTC(2026, 10, 21, 0, n)).toUTCString(),
      description: paragraph.repeat(16),
    };
  };

  it('prunes old bodies in batches, keeps what dedup needs, and the database shrinks', async () => {
    const accounts = test.app.get(AccountsService);
    const feeds = test.app.get(FeedsService);
    const polls = test.app.get(PollService);
    const outbox = test.app.get(OutboxService);
    const retention = test.app.get(RetentionService);
    const space = test.app.get(DatabaseSpace);
    const url = feedServer.url('/retained.xml');
    const publish = (items: Array<ReturnType<typeof post>>) =>
      feedServer.set('/retained.xml', { body: rssFeed('Retained', items) });

    const quick = await accounts.addUser({ email: 'quick@example.com' });
    const calm = await accounts.addUser({ email: 'calm@example.com', digestHour: 7, timezone: 'UTC' });
    for (const user of [quick, calm]) await test.app.get(BillingService).grantStarterCredits(user.id, 500);
    const old = Array.from({ length: POSTS }, (_, n) => post(n + 1));
    publish(old.slice(0, 1));
    await feeds.subscribe(quick.id, url, { mode: 'realtime', fullText: true });
    await feeds.subscribe(calm.id, url, { mode: 'daily' });
    await polls.pollDue({ all: true });
    publish(old);
    await polls.pollDue({ all: true });
    await test.app.get(DigestService).sendDue(new Date('2026-11-23T07:00:00Z'));
    const flushed = await outbox.flush();
    const sent = (await smtp.waitFor(flushed.sent)).length;
    expect(sent).toBeGreaterThan(1);
    expect(await query("SELECT COUNT(*) FROM digest_runs WHERE status = 'sent'")).toBe(1);
    const articles = await query('SELECT COUNT(*) FROM extracted_articles');
    expect(articles).toBeGreaterThan(1);

    // Nothing is older than 90 days yet.
    expect(Object.values((await retention.prune()).pruned)).toEqual([0, 0, 0, 0, 0, 0]);
    const fates = await query('SELECT COUNT(*) FROM post_fates');
    expect(fates).toBeGreaterThan(1);
    const bytesBefore = await bodyBytes();
    const sizeBefore = (await space.report()).totalBytes;

    test.clock.advance(91 * DAY_MS);
    const report = await retention.prune();
    expect(report.pruned).toEqual({
      entryBodies: POSTS,
      extractedArticles: articles,
      emailBodies: flushed.sent,
      digestRuns: 1,
      postFates: fates,
      supportAttachments: 0,
    });
    expect(Object.values((await retention.prune()).pruned)).toEqual([0, 0, 0, 0, 0, 0]);
    expect(await bodyBytes()).toBeLessThan(bytesBefore / 50);
    expect(await query('SELECT COUNT(*) FROM entries WHERE identity_hash IS NULL OR link IS NULL')).toBe(0);
    expect(await query('SELECT COUNT(*) FROM entries')).toBe(POSTS);
    if (dialect === 'sqlite') {
      expect(report.reclaimedPages).toBeGreaterThan(0);
      const after = await space.report();
      expect(after.totalBytes).toBeLessThan(sizeBefore * 0.7);
      expect(after.freeBytes).toBe(0);
    }

    // The feed re-issues every old post, one of them under a new ID: nothing is sent again.
    const reissued = [...old, { ...post(7, 'post-7-moved') }];
    publish(reissued);
    await polls.pollDue({ all: true });
    await test.app.get(DigestService).sendDue(new Date(test.clock.now().getTime() + DAY_MS));
    expect(await outbox.flush()).toMatchObject({ sent: 0 });
    // A new post still goes out, at once to the realtime reader.
    publish([post(POSTS + 1), ...reissued]);
    expect(await polls.pollDue({ all: true })).toMatchObject({
      newEntries: 1,
      emailsEnqueued: 1,
      failures: [],
    });
    expect(await outbox.flush()).toMatchObject({ sent: 1, retrying: 0, failed: 0, held: 0, deferred: 0 });
    expect((await smtp.waitFor(sent + 1)).at(-1)!.parsed.subject).toContain(`Post ${POSTS + 1}`);
  });
});
