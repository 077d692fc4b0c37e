import { getRepositoryToken } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { MailService } from '../../../src/mail/mail.service';
import { OutboxEmailEntity } from '../../../src/mail/outbox-email.entity';
import { OutboxService } from '../../../src/mail/outbox.service';
import { SmtpCapture } from '../../support/smtp-capture';
import { createTestApp, TestApp } from '../../support/test-app';
import { createTestDatabase, testDialects } from '../../support/test-database';
import { entryEmail, MAIL_ENV, subscribedReader } from './mail-fixtures';

const MINUTE = 60_000;

describe.each(testDialects())('outbox delivery on %s', (dialect) => {
  let smtp: SmtpCapture;
  let test: TestApp;
  let mail: MailService;
  let outbox: OutboxService;
  let rows: Repository<OutboxEmailEntity>;

  beforeAll(async () => {
    smtp = await new SmtpCapture().start();
    test = await createTestApp(dialect, { ...MAIL_ENV, SMTP_URL: smtp.url });
    mail = test.app.get(MailService);
    outbox = test.app.get(OutboxService);
    rows = test.app.get(getRepositoryToken(OutboxEmailEntity));
  });

  afterAll(async () => {
    await test.close();
    await smtp.stop();
  });

  beforeEach(() => smtp.messages.splice(0));

  const readers = new Map<string, ReturnType<typeof subscribedReader>>();

  async function enqueueFor(address: string, key = `entry:${address}:${Math.random()}`) {
    const lower = address.toLowerCase();
    if (!readers.has(lower)) readers.set(lower, subscribedReader(test, lower));
    const model = entryEmail(await readers.get(lower)!, { key });
    expect(await mail.sendEntry({ ...model, to: { ...model.to, email: address } })).toBe(true);
    return (await outbox.findByDedupKeys([key]))[0];
  }

  it('retries a 451 with jittered back-off, then sends the same message', async () => {
    const row = await enqueueFor('greylisted@example.com');
    smtp.replies.push({ code: 451, message: 'Greylisted, try later' });
    expect(await outbox.flush()).toMatchObject({ sent: 0, retrying: 1 });
    const deferred = await rows.findOneByOrFail({ id: row.id });
    expect(deferred).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastError: expect.stringMatching(/451/),
    });
    const delay = deferred.nextAttemptAt.getTime() - test.clock.now().getTime();
    expect(delay).toBeGreaterThanOrEqual(0.8 * MINUTE);
    expect(delay).toBeLessThanOrEqual(1.2 * MINUTE);
    expect(await outbox.flush()).toMatchObject({ sent: 0, retrying: 0 });
    test.clock.advance(1.2 * MINUTE);
    expect(await outbox.flush()).toMatchObject({ sent: 1 });
    const [email] = await smtp.waitFor(1);
    expect(email.header('message-id')).toBe(row.messageId);
    expect(await rows.findOneByOrFail({ id: row.id })).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('fails a 550 and suppresses the address: later mail waits, other readers get theirs', async () => {
    const first = await enqueueFor('gone@example.com');
    smtp.replies.push({ code: 550, message: '5.1.1 No such user' });
    expect(await outbox.flush()).toMatchObject({ failed: 1 });
    expect(await rows.findOneByOrFail({ id: first.id })).toMatchObject({ status: 'failed', attempts: 1 });

    const later = await enqueueFor('Gone@Example.com');
    const other = await enqueueFor('fine@example.com');
    expect(await outbox.flush()).toMatchObject({ sent: 1, suppressed: 1 });
    expect((await smtp.waitFor(1)).map((email) => email.envelope.to)).toEqual([['fine@example.com']]);
    expect(await rows.findOneByOrFail({ id: later.id })).toMatchObject({ status: 'suppressed' });
    expect(await rows.findOneByOrFail({ id: other.id })).toMatchObject({ status: 'sent' });

    expect(await outbox.liftSuppression('gone@example.com')).toBe(1);
    expect(await outbox.flush()).toMatchObject({ sent: 1 });
    expect(await rows.findOneByOrFail({ id: first.id })).toMatchObject({ status: 'failed' });
  });

  it('fails a 554 content refusal without suppressing the address', async () => {
    await enqueueFor('picky@example.com');
    smtp.replies.push({ code: 554, message: '5.7.1 Message refused' });
    expect(await outbox.flush()).toMatchObject({ failed: 1 });
    await enqueueFor('picky@example.com');
    expect(await outbox.flush()).toMatchObject({ sent: 1, suppressed: 0 });
  });

  it('retries after the connection drops mid-DATA', async () => {
    const row = await enqueueFor('dropped@example.com');
    smtp.replies.push('drop-connection');
    expect(await outbox.flush()).toMatchObject({ retrying: 1 });
    expect(smtp.messages).toHaveLength(0);
    test.clock.advance(1.2 * MINUTE);
    expect(await outbox.flush()).toMatchObject({ sent: 1 });
    expect((await smtp.waitFor(1))[0].header('message-id')).toBe(row.messageId);
  });

  it('resends with the same Message-ID when the server kept a message but we never heard (at-least-once)', async () => {
    const row = await enqueueFor('twice@example.com');
    smtp.replies.push('accept-then-drop');
    expect(await outbox.flush()).toMatchObject({ retrying: 1 });
    test.clock.advance(1.2 * MINUTE);
    expect(await outbox.flush()).toMatchObject({ sent: 1 });
    const received = await smtp.waitFor(2);
    expect(received.map((email) => email.header('message-id'))).toEqual([row.messageId, row.messageId]);
  });

  it('a bounce report to the VERP address fails the row and suppresses its address', async () => {
    const row = await enqueueFor('bounced@example.com');
    expect(await outbox.flush()).toMatchObject({ sent: 1 });
    const [email] = await smtp.waitFor(1);
    expect(await mail.recordBounce('bounce-forged.AAAAAAAAAAAAAA@tidings.test', 'x')).toBe(false);
    expect(await mail.recordBounce(email.envelope.from, '5.1.1 user unknown')).toBe(true);
    expect(await rows.findOneByOrFail({ id: row.id })).toMatchObject({ status: 'failed' });
    await enqueueFor('bounced@example.com');
    expect(await outbox.flush()).toMatchObject({ sent: 0, suppressed: 1 });
  });
});

describe.each(testDialects())('the outbox across processes on %s', (dialect) => {
  let smtp: SmtpCapture;

  beforeAll(async () => {
    smtp = await new SmtpCapture().start();
  });

  afterAll(() => smtp.stop());

  beforeEach(() => smtp.messages.splice(0));

  it('two workers drain 500 rows: 500 messages with 500 distinct Message-IDs', async () => {
    const database = await createTestDatabase(dialect);
    const env = { ...MAIL_ENV, SMTP_URL: smtp.url, SMTP_POOL_SIZE: '20' };
    const first = await createTestApp(dialect, env, { database });
    const second = await createTestApp(dialect, env, { database });
    try {
      const producer = first.app.get(OutboxService);
      for (let batch = 0; batch < 10; batch += 1) {
        await Promise.all(
          Array.from({ length: 50 }, (_, i) =>
            producer.enqueue({
              dedupKey: `bulk:${batch * 50 + i}`,
              userId: null,
              kind: 'entry',
              to: `reader${batch * 50 + i}@example.com`,
              subject: `Post ${batch * 50 + i}`,
              html: '<p>hi</p>',
              text: 'hi\n',
            }),
          ),
        );
      }
      const [a, b] = await Promise.all([
        first.app.get(OutboxService).flush(),
        second.app.get(OutboxService).flush(),
      ]);
      expect(a.sent + b.sent).toBe(500);
      const received = await smtp.waitFor(500);
      expect(received).toHaveLength(500);
      expect(new Set(received.map((email) => email.header('message-id'))).size).toBe(500);
    } finally {
      await first.close();
      await second.close();
      await database.drop();
    }
  });

  it('after a restart, pending rows are sent and a crashed worker’s lease is taken over once it expires', async () => {
    const database = await createTestDatabase(dialect);
    const env = { ...MAIL_ENV, SMTP_URL: smtp.url };
    const before = await createTestApp(dialect, env, { database });
    const producer = before.app.get(OutboxService);
    for (const n of [1, 2, 3])
      await producer.enqueue({
        dedupKey: `restart:${n}`,
        userId: null,
        kind: 'entry',
        to: `r${n}@example.com`,
        subject: `Restart ${n}`,
        html: '<p>x</p>',
        text: 'x\n',
      });
    const rows = before.app.get<Repository<OutboxEmailEntity>>(getRepositoryToken(OutboxEmailEntity));
    const [crashed] = await producer.findByDedupKeys(['restart:3']);
    const leaseUntil = new Date(before.clock.now().getTime() + 5 * MINUTE);
    await rows.update({ id: crashed.id }, { status: 'sending', leaseUntil });
    await before.close();

    const after = await createTestApp(dialect, env, { database });
    try {
      const worker = after.app.get(OutboxService);
      expect(await worker.flush()).toMatchObject({ sent: 2 });
      after.clock.advance(5 * MINUTE + 1000);
      expect(await worker.flush()).toMatchObject({ sent: 1 });
      const received = await smtp.waitFor(3);
      expect(received.map((email) => email.parsed.subject).sort()).toEqual([
        'Restart 1',
        'Restart 2',
        'Restart 3',
      ]);
      expect(received.find((email) => email.parsed.subject === 'Restart 3')!.header('message-id')).toBe(
        crashed.messageId,
      );
    } finally {
      await after.close();
      await database.drop();
    }
  });
});
