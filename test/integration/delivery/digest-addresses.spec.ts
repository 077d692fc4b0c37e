import { BillingService } from '../../../src/billing/billing.service';
import { DeliveryRecordService } from '../../../src/delivery/delivery-record.service';
import { DigestService } from '../../../src/delivery/digest.service';
import { FeedsService } from '../../../src/feeds/feeds.service';
import { OutboxService } from '../../../src/mail/outbox.service';
import { SmtpCapture } from '../../support/smtp-capture';
import { createTestApp, TestApp } from '../../support/test-app';
import { testDialects } from '../../support/test-database';
import { DeliveryFixture } from './delivery-fixture';

/** A digest whose feeds deliver to different addresses of the reader: one email per address. */
describe.each(testDialects())('a digest split by delivery address, on %s', (dialect) => {
  let test: TestApp;
  let smtp: SmtpCapture;
  let fixture: DeliveryFixture;

  beforeAll(async () => {
    smtp = await new SmtpCapture().start();
    test = await createTestApp(dialect, { SMTP_URL: smtp.url });
    fixture = new DeliveryFixture(test);
    test.clock.set('2026-11-22T05:00:00Z');
  });

  afterAll(async () => {
    await test.close();
    await smtp.stop();
  });

  it('sends each feed’s part to its own address, once, and the record names each email', async () => {
    const ada = await fixture.addUser('ada@example.com');
    await test.app.get(BillingService).grantStarterCredits(ada.id, 10);
    const paper = await fixture.feed('Morning Paper', [[ada, { mode: 'daily' }]]);
    const lists = await fixture.feed('Mailing Lists', [[ada, { mode: 'daily' }]]);
    const notes = await fixture.feed('Field Notes', [[ada, { mode: 'daily' }]]);
    const feeds = test.app.get(FeedsService);
    const subscriptionTo = async (feedId: string) =>
      (await feeds.subscriptionsOfUser(ada.id)).find((subscription) => subscription.feedId === feedId)!.id;
    // The link followed for one feed; the other's address is then confirmed already.
    expect(
      await feeds.chooseDeliverTo(ada.id, await subscriptionTo(lists.id), 'lists@ada.example', 'hash-1'),
    ).toBe('waiting');
    expect(await feeds.confirmDeliverTo('hash-1')).not.toBeNull();
    expect(
      await feeds.chooseDeliverTo(ada.id, await subscriptionTo(notes.id), 'lists@ada.example', 'hash-2'),
    ).toBe('confirmed');
    await fixture.publish(paper, [{ title: 'Overnight news' }]);
    await fixture.publish(lists, [{ title: 'A thread on parsers' }]);
    await fixture.publish(notes, [{ title: 'Frost on the meadow' }]);

    const digests = test.app.get(DigestService);
    expect(await digests.sendDue(new Date('2026-11-22T07:00:00Z'))).toEqual({ sent: 1, empty: 0 });
    await test.app.get(OutboxService).flush();
    const received = (await smtp.waitFor(2)).map((email) => ({
      to: email.envelope.to,
      subject: email.parsed.subject,
      posts: ['Overnight news', 'A thread on parsers', 'Frost on the meadow'].filter((title) =>
        email.parsed.text!.includes(title),
      ),
    }));
    expect(received.sort((a, b) => a.to[0].localeCompare(b.to[0]))).toEqual([
      { to: ['ada@example.com'], subject: 'Your daily digest', posts: ['Overnight news'] },
      {
        to: ['lists@ada.example'],
        subject: 'Your daily digest',
        posts: ['A thread on parsers', 'Frost on the meadow'],
      },
    ]);

    // Retried, the issue sends nothing more.
    expect(await digests.sendDue(new Date('2026-11-22T07:05:00Z'))).toEqual({ sent: 0, empty: 0 });
    await test.app.get(OutboxService).flush();
    expect(smtp.messages).toHaveLength(2);

    // Each post's record names the email that carried it.
    const messageIdTo = (address: string) =>
      smtp.messages.find((email) => email.envelope.to.includes(address))!.parsed.messageId;
    const record = test.app.get(DeliveryRecordService);
    for (const [feed, address] of [
      [paper, 'ada@example.com'],
      [notes, 'lists@ada.example'],
    ] as const) {
      const [post] = await record.recordOf(ada.id, feed.id, 10, 'en');
      expect(post.outcome).toContain(`in your daily digest (Message-ID ${messageIdTo(address)})`);
    }
  });
});
