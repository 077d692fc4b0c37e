import { User } from '../../../src/accounts/accounts.service';
import { BillingService } from '../../../src/billing/billing.service';
import { DigestService } from '../../../src/delivery/digest.service';
import { OutboxService } from '../../../src/mail/outbox.service';
import { SmtpSink } from '../../support/smtp-sink';
import { createTestApp, TestApp } from '../../support/test-app';
import { testDialects } from '../../support/test-database';
import { waitUntil } from '../../support/wait-until';
import { DeliveryFixture } from './delivery-fixture';

const READERS = 120;

/** The digest hour sends as it composes: issues go to the outbox a batch at a time, and out at once. */
describe.each(testDialects())('the digests of one hour, batch by batch, on %s', (dialect) => {
  let test: TestApp;
  let fixture: DeliveryFixture;
  const sink = new SmtpSink();
  let readers: User[];

  beforeAll(async () => {
    await sink.start();
    test = await createTestApp(dialect, { SMTP_URL: `smtp://127.0.0.1:${sink.port}` });
    fixture = new DeliveryFixture(test);
    test.clock.set('2026-11-22T05:00:00Z');
    readers = [];
    for (let index = 0; index < READERS; index += 1) {
      const reader = await fixture.addUser(`digest-reader${index}@example.com`);
      await test.app.get(BillingService).grantStarterCredits(reader.id, 10);
      readers.push(reader);
    }
    const feed = await fixture.feed(
      'Morning Paper',
      readers.map((reader) => [reader, { mode: 'daily' }]),
    );
    await fixture.publish(feed, [{ title: 'Overnight news', summary: 'What happened.' }]);
  }, 300_000);

  afterAll(async () => {
    await test.close();
    await sink.stop();
  });

  it('enqueues the issues 50 at a time, sends while it composes, and sends each reader one digest', async () => {
    let batches = 0;
    const outbox = test.app.get(OutboxService);
    const { result, flushed } = await outbox.flushAlong(async (kick) => {
      const report = await test.app.get(DigestService).sendDue(new Date('2026-11-22T07:00:00Z'), {
        afterBatch: () => {
          batches += 1;
          kick();
        },
      });
      return report;
    });
    // Told after each batch: three batches for 120 readers.
    expect(batches).toBe(3);
    expect(result).toEqual({ sent: READERS, empty: 0 });
    expect(flushed).toMatchObject({ sent: READERS, failed: 0, held: 0 });
    await waitUntil(() => sink.received === READERS, 'every digest at the SMTP server');
    expect(sink.recipients.size).toBe(READERS);
    expect(sink.doubled).toBe(0);
  });

  it('starts sending before the run ends: a flush kicked during the work sends what was enqueued', async () => {
    sink.reset();
    const outbox = test.app.get(OutboxService);
    const { result, flushed } = await outbox.flushAlong(async (kick) => {
      const feed = await fixture.feed('Evening Paper', [[readers[0], {}]]);
      await fixture.publish(feed, [{ title: 'Breaking', summary: 'Now.' }]);
      kick();
      // The work goes on only once the kicked flush has delivered the email.
      await waitUntil(() => sink.received === 1, 'the email at the SMTP server during the work');
      return 'done';
    });
    expect(result).toBe('done');
    expect(flushed.sent).toBe(1);
    expect(sink.subjects).toEqual(new Set(['Breaking']));
  });
});
