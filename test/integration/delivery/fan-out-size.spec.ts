import { DataSource } from 'typeorm';
import { UserEntity } from '../../../src/accounts/user.entity';
import { newId } from '../../../src/common/ids';
import { insertRows } from '../../../src/db/raw-rows';
import { SubscriptionEntity } from '../../../src/feeds/subscription.entity';
import { OutboxService } from '../../../src/mail/outbox.service';
import { SmtpSink } from '../../support/smtp-sink';
import { grantOneCreditEach } from '../../support/starter-credits';
import { createTestApp, TestApp } from '../../support/test-app';
import { DeliveryFixture } from './delivery-fixture';

/**
 * 6,000 by default, past the 5,000 that failed, so that the suite keeps to its 10 minutes (20,000 take about
 * four minutes here: `FANOUT_READERS=20000 npx jest test/integration/delivery/fan-out-size.spec.ts`).
 */
const READERS = Number(process.env.FANOUT_READERS ?? 6_000);

/**
 * The default install (SQLite) fans one post out to thousands of real-time readers: before statements were
 * chunked, 5,000 readers sent nothing ("too many SQL variables" on every cycle).
 */
describe(`one post to ${READERS} real-time readers on SQLite`, () => {
  let test: TestApp;
  let fixture: DeliveryFixture;
  const sink = new SmtpSink();

  beforeAll(async () => {
    await sink.start();
    test = await createTestApp('sqlite', { SMTP_URL: `smtp://127.0.0.1:${sink.port}` });
    fixture = new DeliveryFixture(test);
  });

  afterAll(async () => {
    await test.close();
    await sink.stop();
  });

  it('enqueues and sends 20,000 emails, one to each reader, none twice', async () => {
    const first = await fixture.addUser('reader0@example.com');
    const feed = await fixture.feed('Busy Blog', [[first, {}]]);
    const now = test.clock.now();
    const users = Array.from({ length: READERS - 1 }, (_, index) => ({
      id: newId(),
      email: `reader${index + 1}@example.com`,
      timezone: 'UTC',
      digestHour: 7,
      digestWeekday: 1,
      role: 'user' as const,
      createdAt: now,
    }));
    const manager = test.app.get(DataSource).manager;
    await insertRows<UserEntity>(manager, UserEntity, users);
    await insertRows<SubscriptionEntity>(
      manager,
      SubscriptionEntity,
      users.map((user) => ({
        id: newId(),
        userId: user.id,
        feedId: feed.id,
        mode: 'realtime',
        fullText: false,
        createdAt: now,
      })),
    );
    // Each reader can pay for the email (as a new account's starter credits would).
    const readers = [first, ...users];
    await grantOneCreditEach(
      manager,
      readers.map((user) => user.id),
      now,
    );
    const { entries, emails } = await fixture.publish(feed, [
      { title: 'A post for everyone', summary: 'Hello.' },
    ]);
    expect(emails).toBe(READERS);
    const result = await test.app.get(OutboxService).flush();
    expect(result).toMatchObject({ sent: READERS, retrying: 0, failed: 0 });

    const expected = Array.from({ length: READERS }, (_, index) => `reader${index}@example.com`);
    expect([...sink.recipients.keys()].sort()).toEqual(expected.sort());
    expect([...sink.recipients.values()].filter((count) => count !== 1)).toEqual([]);
    expect([sink.received, sink.messageIds.size, sink.doubled]).toEqual([READERS, READERS, 0]);
    expect(sink.subjects).toEqual(new Set(['A post for everyone']));
    // The same post delivered again (a cycle retried) enqueues nothing more.
    expect(await fixture.deliver(feed, entries)).toBe(0);
  }, 900_000);
});
