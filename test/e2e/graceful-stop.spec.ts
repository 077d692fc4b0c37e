import { AccountsService } from '../../src/accounts/accounts.service';
import { BillingService } from '../../src/billing/billing.service';
import { OutboxService } from '../../src/mail/outbox.service';
import { startServerProcess } from '../support/server-process';
import { SmtpCapture } from '../support/smtp-capture';
import { createTestApp, TestApp } from '../support/test-app';
import { createTestDatabase, TestDatabase } from '../support/test-database';
import { waitUntil } from '../support/wait-until';

const EMAILS = 200;
const CREDITS = 1000;
const GRACE_SECONDS = 10;
/** Send slots of one process with SMTP_POOL_SIZE=2: at most this many emails are in flight at once. */
const SLOTS = 4;
/** The claims of the process killed with -9 run out this soon (the default lease is 15 s). */
const SHORT_LEASE = { CLAIM_LEASE_SECONDS: '3' };

/**
 * `serve` in its own OS process, flushing 200 paid emails to a real (slow) SMTP server on loopback,
 * is stopped in the middle: by SIGTERM (it finishes what is in flight and gives the rest back) or by
 * `kill -9` (a restarted process takes its claims over once their short lease runs out).
 */
describe('serve stops gracefully and recovers fast', () => {
  let smtp: SmtpCapture;
  let database: TestDatabase;
  let observer: TestApp;
  let env: Record<string, string>;
  let payerId: string;

  beforeEach(async () => {
    smtp = await new SmtpCapture().start();
    smtp.acceptDelayMs = 25;
    database = await createTestDatabase('sqlite');
    env = {
      DATABASE_URL: database.url,
      SMTP_URL: smtp.url,
      SMTP_POOL_SIZE: '2',
      MAIL_FROM: 'news@tidings.test',
      PUBLIC_URL: 'https://tidings.test',
      SECRET_KEY: 'graceful-stop-secret-0123456789',
      SHUTDOWN_GRACE_SECONDS: String(GRACE_SECONDS),
    };
    observer = await createTestApp('sqlite', env, { database });
    const payer = await observer.app.get(AccountsService).addUser({ email: 'payer@example.com' });
    payerId = payer.id;
    await observer.app.get(BillingService).grantStarterCredits(payer.id, CREDITS);
    const outbox = observer.app.get(OutboxService);
    for (let n = 0; n < EMAILS; n += 1)
      await outbox.enqueue({
        dedupKey: `stop:${n}`,
        userId: payer.id,
        kind: 'entry',
        to: `reader${n}@example.com`,
        subject: `Post ${n}`,
        html: `<p>Post ${n}</p>`,
        text: `Post ${n}\n`,
        feedCount: 1,
      });
  });

  afterEach(async () => {
    await observer.close();
    await smtp.stop();
    await database.drop();
  });

  const byStatus = async () => (await observer.app.get(OutboxService).status()).byStatus;
  const messageIds = () => smtp.messages.map((email) => email.header('message-id'));

  it('on SIGTERM finishes the sends in flight, gives the rest back and exits 0 within the grace time', async () => {
    const first = await startServerProcess(env);
    await waitUntil(() => smtp.messages.length >= 20, 'the flush to be under way', 30_000);
    const signalledAt = Date.now();
    const ended = await first.kill('SIGTERM');
    expect(ended).toEqual({ code: 0, signal: null });
    expect(Date.now() - signalledAt).toBeLessThan(GRACE_SECONDS * 1000);

    const sentBeforeStop = smtp.messages.length;
    expect(sentBeforeStop).toBeLessThan(EMAILS);
    // Nothing is left claimed: every email is either sent (and received) or back in the queue.
    expect(await byStatus()).toEqual({ sent: sentBeforeStop, pending: EMAILS - sentBeforeStop });

    const second = await startServerProcess(env);
    try {
      await waitUntil(async () => (await byStatus()).sent === EMAILS, 'every email to be sent', 60_000);
    } finally {
      await second.stop();
    }
    expect(smtp.messages).toHaveLength(EMAILS);
    expect(new Set(messageIds()).size).toBe(EMAILS);
    expect(await observer.app.get(BillingService).balanceOf(payerId)).toBe(CREDITS - EMAILS);
  });

  it('after kill -9, a restarted process delivers the rest within 60 s, repeating at most those in flight', async () => {
    const first = await startServerProcess({ ...env, ...SHORT_LEASE });
    await waitUntil(() => smtp.messages.length >= 20, 'the flush to be under way', 30_000);
    expect(await first.kill('SIGKILL')).toEqual({ code: null, signal: 'SIGKILL' });
    const claimedByTheDead = (await byStatus()).sending ?? 0;
    expect(claimedByTheDead).toBeGreaterThan(0);

    const restartedAt = Date.now();
    const second = await startServerProcess(env);
    try {
      await waitUntil(async () => (await byStatus()).sent === EMAILS, 'every email to be sent', 60_000);
    } finally {
      await second.stop();
    }
    expect(Date.now() - restartedAt).toBeLessThan(60_000);
    expect(new Set(messageIds()).size).toBe(EMAILS);
    expect(smtp.messages.length - EMAILS).toBeLessThanOrEqual(SLOTS);
    // A taken-over email keeps its reservation: nobody pays twice.
    expect(await observer.app.get(BillingService).balanceOf(payerId)).toBe(CREDITS - EMAILS);
  });
});
