import { getRepositoryToken } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { OutboxEmailEntity } from '../../../src/mail/outbox-email.entity';
import { OutboxService } from '../../../src/mail/outbox.service';
import { OutboxScheduler } from '../../../src/mail/outbox.scheduler';
import { SuppressionsRepository } from '../../../src/mail/suppressions.repository';
import { MisbehavingSmtp } from '../../support/misbehaving-smtp';
import { TcpProxy } from '../../support/tcp-proxy';
import { createTestApp, TestApp } from '../../support/test-app';
import { createTestDatabase, TestDatabase, testDialects } from '../../support/test-database';
import { waitUntil } from '../../support/wait-until';
import { MAIL_ENV } from './mail-fixtures';

const MINUTE = 60_000;
const POOL_SIZE = 3;

describe.each(testDialects())('mail to servers that misbehave, on %s', (dialect) => {
  let smtp: MisbehavingSmtp;
  let test: TestApp;
  let outbox: OutboxService;
  let rows: Repository<OutboxEmailEntity>;
  let sequence = 0;

  beforeAll(async () => {
    smtp = await new MisbehavingSmtp({ maxBytes: 100_000 }).start();
    test = await createTestApp(dialect, {
      ...MAIL_ENV,
      SMTP_URL: smtp.url,
      SMTP_POOL_SIZE: String(POOL_SIZE),
      SMTP_DOMAIN_RATES: 'throttled.test:2/s,trickle.test:1/min',
    });
    outbox = test.app.get(OutboxService);
    rows = test.app.get(getRepositoryToken(OutboxEmailEntity));
  });

  afterAll(async () => {
    await test.close();
    await smtp.stop();
  });

  async function enqueue(to: string, html = '<p>Hello</p>'): Promise<OutboxEmailEntity> {
    sequence += 1;
    const dedupKey = `faults:${sequence}`;
    await outbox.enqueue({
      dedupKey,
      userId: null,
      kind: 'sign-in',
      to,
      subject: `#${sequence}`,
      html,
      text: 'Hello',
    });
    return (await outbox.findByDedupKeys([dedupKey]))[0];
  }

  const rowsTo = async (emails: OutboxEmailEntity[]) =>
    Promise.all(emails.map((email) => rows.findOneByOrFail({ id: email.id })));

  /** Each email arrived exactly as often as expected (once by default), always with its own Message-ID. */
  function expectDelivered(
    emails: OutboxEmailEntity[],
    copies: (email: OutboxEmailEntity) => number = () => 1,
  ) {
    const received = smtp.copiesByRecipient();
    for (const email of emails)
      expect([email.toAddress, received.get(email.toAddress) ?? []]).toEqual([
        email.toAddress,
        Array(copies(email)).fill(email.messageId),
      ]);
  }

  // First, while the pool has no connection yet: the held greeting is the pool's first connection's.
  it('lets a slow banner hold up only its own connection', async () => {
    const emails = await Promise.all([1, 2, 3, 4, 5, 6].map((n) => enqueue(`slow${n}@banner.test`)));
    smtp.plan = () => undefined;
    smtp.holdGreetings(1);
    const flushing = outbox.flush();
    const sent = async () => (await rowsTo(emails)).filter((row) => row.status === 'sent').length;
    await waitUntil(
      async () => smtp.waitingForGreeting === 1 && (await sent()) === 5,
      'five emails through the other connections',
    );
    expect(await rows.countBy({ status: 'sending' })).toBe(1);
    smtp.releaseGreetings();
    expect(await flushing).toMatchObject({ sent: 6 });
    expectDelivered(emails);
  });

  it('accounts for every email through 451s, a 421 that closes, lost connections and a 552', async () => {
    const greylisted = await Promise.all([1, 2, 3, 4, 5].map((n) => enqueue(`grey${n}@greylist.test`)));
    const closing = await Promise.all(Array.from({ length: 12 }, (_, n) => enqueue(`c${n}@closing.test`)));
    const [cutMidData, cutAfterData] = [await enqueue('mid@drop.test'), await enqueue('after@drop.test')];
    const tooBig = await enqueue('big@size.test', `<p>${'x'.repeat(150_000)}</p>`);
    const fine = await Promise.all([1, 2, 3, 4].map((n) => enqueue(`fine${n}@plain.test`)));
    let isClosingOpen = false;
    smtp.plan = ({ recipient, attempt }) => {
      if (recipient.endsWith('@greylist.test') && attempt === 1)
        return { at: 'rcpt', code: 451, message: '4.7.1 Greylisted, try again later' };
      if (recipient.endsWith('@closing.test') && !isClosingOpen)
        return { at: 'rcpt', code: 421, message: '4.7.0 Try again later, closing connection' };
      if (recipient === 'mid@drop.test' && attempt === 1) return 'drop-mid-data';
      if (recipient === 'after@drop.test' && attempt === 1) return 'accept-then-drop';
      return undefined;
    };

    const first = await outbox.flush();
    expect(first).toMatchObject({ sent: 4, failed: 1 });
    // A lost connection settles its email at once: none waits for its claim's five-minute lease.
    expect(await rows.countBy({ status: 'sending' })).toBe(0);
    // The 421 held the domain for the whole pool: only the emails already in a send slot tried it.
    const closingAttempts = closing.reduce(
      (sum, email) => sum + (smtp.attempts.get(email.toAddress) ?? 0),
      0,
    );
    expect(closingAttempts).toBeGreaterThanOrEqual(1);
    expect(closingAttempts).toBeLessThanOrEqual(2 * POOL_SIZE);
    expect(first.deferred).toBeGreaterThanOrEqual(closing.length - closingAttempts);
    for (const row of await rowsTo(closing))
      expect(row).toMatchObject({
        status: 'pending',
        lastError: expect.stringMatching(/421 4\.7\.0 Try again later|closing\.test held until/),
      });
    expect(await rows.findOneByOrFail({ id: cutMidData.id })).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastError: expect.stringMatching(/^maybe sent: .*resending with the same Message-ID$/),
    });
    expect(await rows.findOneByOrFail({ id: cutAfterData.id })).toMatchObject({
      status: 'pending',
      lastError: expect.stringMatching(/^maybe sent/),
    });
    expect(await rows.findOneByOrFail({ id: tooBig.id })).toMatchObject({
      status: 'failed',
      lastError: expect.stringMatching(/^552 /),
    });
    expect(await test.app.get(SuppressionsRepository).suppressedAmong(['big@size.test'])).toEqual(new Set());
    for (const row of await rowsTo(greylisted)) expect(row.status).toMatch(/^(pending|sent)$/);

    // Nothing is due again before its back-off or the hold ends: a flush now sends nothing.
    expect(await outbox.flush()).toMatchObject({ sent: 0, retrying: 0 });
    isClosingOpen = true;
    for (let round = 0; round < 3 && (await rows.countBy({ status: 'pending' })) > 0; round += 1) {
      test.clock.advance(10 * MINUTE);
      await outbox.flush();
    }
    expect(await rows.countBy({ status: 'pending' })).toBe(0);
    expect(await rows.countBy({ status: 'sending' })).toBe(0);
    expectDelivered([...greylisted, ...closing, cutMidData, cutAfterData, ...fine], (email) =>
      email.id === cutAfterData.id ? 2 : 1,
    );
    expectDelivered([tooBig], () => 0);
  });

  it("keeps to each domain's rate without slowing mail to the others", async () => {
    const throttled = await Promise.all([1, 2, 3, 4].map((n) => enqueue(`t${n}@throttled.test`)));
    const trickle = await Promise.all([1, 2, 3].map((n) => enqueue(`d${n}@trickle.test`)));
    const fast = await Promise.all([1, 2, 3].map((n) => enqueue(`f${n}@fast.test`)));
    const started = test.clock.now().getTime();
    const flushing = outbox.flush();
    const sentTo = async (emails: OutboxEmailEntity[]) =>
      (await rowsTo(emails)).filter((row) => row.status === 'sent').length;
    await waitUntil(
      async () => (await sentTo(fast)) === 3 && (await sentTo(throttled)) === 1,
      'the first sends',
    );
    for (let n = 2; n <= 4; n += 1) {
      await waitUntil(() => test.clock.sleeping > 0, 'a send waiting for its turn');
      expect(await sentTo(throttled)).toBe(n - 1);
      test.clock.advance(500);
      await waitUntil(async () => (await sentTo(throttled)) === n, `throttled email ${n}`);
    }
    expect(await flushing).toMatchObject({ sent: 8, throttled: 2 });

    const sentAt = async (emails: OutboxEmailEntity[]) =>
      (await rowsTo(emails)).map((row) => (row.sentAt ? row.sentAt.getTime() - started : null));
    expect(await sentAt(fast)).toEqual([0, 0, 0]);
    expect((await sentAt(throttled)).sort((a, b) => a! - b!)).toEqual([0, 500, 1000, 1500]);
    const waiting = (await rowsTo(trickle))
      .filter((row) => row.status === 'pending')
      .sort((a, b) => a.nextAttemptAt.getTime() - b.nextAttemptAt.getTime());
    expect(waiting.map((row) => [row.nextAttemptAt.getTime() - started, row.lastError])).toEqual([
      [MINUTE, 'throttled: trickle.test at most 1/min'],
      [2 * MINUTE, 'throttled: trickle.test at most 1/min'],
    ]);
    for (const minutes of [1, 2]) {
      test.clock.set(new Date(started + minutes * MINUTE));
      expect(await outbox.flush()).toMatchObject({ sent: 1, throttled: 0 });
    }
    expectDelivered([...throttled, ...trickle, ...fast]);
  });

  it('sends a deferred email again as soon as its back-off ends, without waiting for a poll cycle', async () => {
    const email = await enqueue('late@greylist.test');
    smtp.plan = ({ recipient, attempt }) =>
      recipient === 'late@greylist.test' && attempt === 1
        ? { at: 'rcpt', code: 451, message: '4.7.1 Greylisted' }
        : undefined;
    const scheduler = new OutboxScheduler(outbox, test.clock);
    scheduler.onApplicationBootstrap();
    try {
      await waitUntil(
        async () => (await rows.findOneByOrFail({ id: email.id })).attempts === 1,
        'the first attempt',
      );
      const deferred = await rows.findOneByOrFail({ id: email.id });
      expect(deferred.status).toBe('pending');
      await waitUntil(() => test.clock.sleeping > 0, 'the scheduler waiting');
      test.clock.set(deferred.nextAttemptAt);
      await waitUntil(
        async () => (await rows.findOneByOrFail({ id: email.id })).status === 'sent',
        'the retry',
      );
    } finally {
      await scheduler.onModuleDestroy();
    }
    expectDelivered([email]);
  });
});

// MariaDB only: the test cuts the database's connections through a proxy it owns.
for (const dialect of testDialects().filter((name) => name === 'mysql'))
  describe(`an email the server accepted as the database went away, on ${dialect}`, () => {
    let smtp: MisbehavingSmtp;
    let proxy: TcpProxy;
    let database: TestDatabase;
    let test: TestApp;

    beforeAll(async () => {
      smtp = await new MisbehavingSmtp().start();
      database = await createTestDatabase(dialect);
      const url = new URL(database.url);
      proxy = await new TcpProxy(Number(url.port || 3306), url.hostname).start();
      url.port = String(proxy.port);
      test = await createTestApp(
        dialect,
        { ...MAIL_ENV, SMTP_URL: smtp.url },
        { database: { ...database, url: url.toString() } },
      );
    });

    afterAll(async () => {
      await test.close();
      await proxy.stop();
      await database.drop();
      await smtp.stop();
    });

    it('is recorded as sent once the database is back, and never sent again', async () => {
      const outbox = test.app.get(OutboxService);
      await outbox.enqueue({
        dedupKey: 'outage:1',
        userId: null,
        kind: 'sign-in',
        to: 'reader@outage.test',
        subject: 'Sign in',
        html: '<p>Hello</p>',
        text: 'Hello',
      });
      // The database goes away between the server's acceptance and our record of it.
      smtp.plan = () => void proxy.cut();
      const back = new Promise((resolve) => setTimeout(resolve, 1500)).then(() => proxy.restore());
      try {
        expect(await outbox.flush()).toMatchObject({ sent: 1 });
      } finally {
        await back;
      }
      smtp.plan = () => undefined;
      const [row] = await outbox.findByDedupKeys(['outage:1']);
      expect(row).toMatchObject({ status: 'sent', attempts: 1, leaseUntil: null });
      test.clock.advance(10 * MINUTE);
      expect(await outbox.flush()).toMatchObject({ sent: 0 });
      expect(smtp.copiesByRecipient().get('reader@outage.test')).toEqual([row.messageId]);
    });
  });
