import { AccountsService } from '../../../src/accounts/accounts.service';
import { BillingService } from '../../../src/billing/billing.service';
import { StripeWebhookService } from '../../../src/billing/stripe-webhook.service';
import { MailService } from '../../../src/mail/mail.service';
import { OutboxService } from '../../../src/mail/outbox.service';
import { SmtpCapture } from '../../support/smtp-capture';
import { StripeApiStub } from '../../support/stripe-api-stub';
import { checkoutSessionEvent, signEvent, WEBHOOK_SECRET } from '../../support/stripe-events';
import { createTestApp, TestApp } from '../../support/test-app';
import { testDialects } from '../../support/test-database';

describe.each(testDialects())('the credit gate in front of the outbox on %s', (dialect) => {
  let test: TestApp;
  let smtp: SmtpCapture;
  let billing: BillingService;
  let outbox: OutboxService;
  let stripe: StripeApiStub;
  let entryCount = 0;

  beforeAll(async () => {
    smtp = await new SmtpCapture().start();
    stripe = await new StripeApiStub().start();
    test = await createTestApp(dialect, {
      SMTP_URL: smtp.url,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_SECRET_KEY: 'sk_test_tidings',
      STRIPE_API_BASE: stripe.url,
      CREDIT_PACKS: '5:25,1000:500',
      PUBLIC_URL: 'https://tidings.example/',
    });
    billing = test.app.get(BillingService);
    outbox = test.app.get(OutboxService);
  });

  afterAll(async () => {
    await test.close();
    await smtp.stop();
    await stripe.stop();
  });

  beforeEach(() => smtp.messages.splice(0));

  async function reader(email: string, credits: number) {
    const user = await test.app.get(AccountsService).addUser({ email });
    await billing.grantStarterCredits(user.id, credits);
    return user;
  }

  async function enqueueEntries(user: { id: string; email: string }, count: number): Promise<void> {
    for (let index = 0; index < count; index += 1) {
      entryCount += 1;
      await test.app.get(MailService).sendEntry({
        dedupKey: `entry:${entryCount}:user:${user.id}`,
        to: { userId: user.id, email: user.email },
        subscriptionId: 'sub',
        feed: { id: 'feed', title: 'Example Blog', url: 'https://blog.example/feed', siteUrl: null },
        entry: { title: `Post ${entryCount}`, link: null, author: null, published: null, html: '<p>x</p>' },
      });
    }
  }

  // Emails enqueued at the same instant go out in no particular order: count them, and check the union.
  const sentPosts = new Set<string>();
  const takeSubjects = () => {
    const subjects = smtp.messages.splice(0).map((message) => message.parsed.subject ?? '');
    subjects.filter((subject) => subject.startsWith('Post')).forEach((subject) => sentPosts.add(subject));
    return {
      posts: subjects.filter((subject) => subject.startsWith('Post')).length,
      notices: subjects.filter((subject) => subject === 'Your Tidings deliveries are paused').length,
    };
  };

  it('sends what the balance pays for, holds the rest and tells the user once', async () => {
    const user = await reader('short@example.com', 2);
    await enqueueEntries(user, 5);
    expect(await outbox.flush()).toEqual({
      sent: 3,
      retrying: 0,
      failed: 0,
      held: 3,
      suppressed: 0,
      deferred: 0,
      throttled: 0,
      released: 0,
    });
    const notice = smtp.messages.find((message) => message.parsed.subject?.includes('paused'));
    expect(notice?.envelope.to).toEqual(['short@example.com']);
    expect(notice?.parsed.text).toContain('Your balance is 0 credits');
    expect(notice?.parsed.text).toContain('https://tidings.example/credits');
    expect(await billing.balanceOf(user.id)).toBe(0);
    expect(takeSubjects()).toEqual({ posts: 2, notices: 1 });

    await enqueueEntries(user, 1);
    expect(await outbox.flush()).toEqual({
      sent: 0,
      retrying: 0,
      failed: 0,
      held: 1,
      suppressed: 0,
      deferred: 0,
      throttled: 0,
      released: 0,
    });
    expect(smtp.messages).toHaveLength(0);

    const { sessionId } = await billing.createCheckout(user.id, '5');
    const event = checkoutSessionEvent('checkout.session.completed', {
      sessionId,
      userId: user.id,
      credits: 5,
      amountCents: 25,
    });
    expect(await test.app.get(StripeWebhookService).handle(...signed(event))).toBe('granted');
    expect(await outbox.flush()).toEqual({
      sent: 4,
      retrying: 0,
      failed: 0,
      held: 0,
      suppressed: 0,
      deferred: 0,
      throttled: 0,
      released: 0,
    });
    expect(takeSubjects()).toEqual({ posts: 4, notices: 0 });
    expect([...sentPosts].sort()).toEqual(['Post 1', 'Post 2', 'Post 3', 'Post 4', 'Post 5', 'Post 6']);
    expect(await billing.balanceOf(user.id)).toBe(1);

    // After the purchase a new shortage is a new episode: one more notice.
    await enqueueEntries(user, 3);
    expect(await outbox.flush()).toEqual({
      sent: 2,
      retrying: 0,
      failed: 0,
      held: 2,
      suppressed: 0,
      deferred: 0,
      throttled: 0,
      released: 0,
    });
    expect(takeSubjects()).toEqual({ posts: 1, notices: 1 });
    expect(await billing.findBalanceMismatches()).toEqual([]);
  });

  it('gives the credit back when a send fails for good, and charges a retried send once', async () => {
    const user = await reader('failing@example.com', 3);
    // 554 (refused content) fails the email without suppressing the address, unlike 550.
    smtp.replies.push({ code: 554, message: 'message refused' });
    await enqueueEntries(user, 1);
    expect(await outbox.flush()).toMatchObject({ failed: 1 });
    expect(await billing.balanceOf(user.id)).toBe(3);

    smtp.replies.push({ code: 451, message: 'try again later' });
    await enqueueEntries(user, 1);
    expect(await outbox.flush()).toMatchObject({ retrying: 1 });
    expect(await billing.balanceOf(user.id)).toBe(3);
    test.clock.advance(24 * 3600_000);
    expect(await outbox.flush()).toMatchObject({ sent: 1 });
    expect(await billing.balanceOf(user.id)).toBe(2);
    expect((await billing.ledgerOf(user.id)).map((entry) => [entry.kind, entry.amount])).toEqual([
      ['grant', 3],
      ['spend', -1],
      ['release', 1],
      ['spend', -1],
      ['release', 1],
      ['spend', -1],
    ]);
  });

  it('sends exactly what the balance pays for when three workers flush at once', async () => {
    const user = await reader('busy@example.com', 5);
    await enqueueEntries(user, 12);
    const racing = await Promise.all([outbox.flush(), outbox.flush(), outbox.flush()]);
    // The low-balance notice is enqueued mid-flush and may miss the racing workers' last claims.
    const results = [...racing, await outbox.flush()];
    expect(results.reduce((sum, result) => sum + result.sent, 0)).toBe(6);
    expect(results.reduce((sum, result) => sum + result.held, 0)).toBe(7);
    const entries = smtp.messages.filter((message) => message.parsed.subject?.startsWith('Post'));
    expect(entries).toHaveLength(5);
    expect(new Set(entries.map((message) => message.parsed.subject)).size).toBe(5);
    expect(smtp.messages.length - entries.length).toBe(1);
    expect(await billing.balanceOf(user.id)).toBe(0);
    expect((await billing.ledgerOf(user.id)).filter((entry) => entry.kind === 'spend')).toHaveLength(5);
  });

  it('never charges service mail', async () => {
    const user = await reader('broke@example.com', 0);
    await test.app.get(MailService).sendSignIn({
      dedupKey: `sign-in:${user.id}`,
      to: { userId: user.id, email: user.email },
      link: 'https://tidings.example/sign-in?token=x',
      expiresInMinutes: 15,
    });
    expect(await outbox.flush()).toEqual({
      sent: 1,
      retrying: 0,
      failed: 0,
      held: 0,
      suppressed: 0,
      deferred: 0,
      throttled: 0,
      released: 0,
    });
    expect(await billing.balanceOf(user.id)).toBe(0);
  });

  function signed(event: object): [Buffer, string] {
    const { payload, signature } = signEvent(event, { at: test.clock.now() });
    return [Buffer.from(payload), signature];
  }
});
