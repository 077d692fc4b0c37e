import { runTidings } from '../support/cli';
import { FeedServer, rssFeed } from '../support/feed-server';
import { startServerProcess, ServerProcess } from '../support/server-process';
import { SmtpCapture } from '../support/smtp-capture';
import { StripeApiStub } from '../support/stripe-api-stub';
import { checkoutSessionEvent, SessionFields, signEvent, WEBHOOK_SECRET } from '../support/stripe-events';
import { createTestDatabase, TestDatabase } from '../support/test-database';
import { waitUntil } from '../support/wait-until';

// SQLite only, to keep the suite fast: the ledger's behaviour on MariaDB, concurrency included, is proven
// by the integration specs in test/integration/billing/ on both dialects.
describe('buying credits releases the emails that waited', () => {
  let feeds: FeedServer;
  let smtp: SmtpCapture;
  let database: TestDatabase;
  let stripe: StripeApiStub;
  let server: ServerProcess | undefined;
  let env: Record<string, string>;
  const tidings = (...args: string[]) => runTidings(args, env);
  const showUser = async () =>
    JSON.parse((await tidings('users', 'show', 'reader@example.com', '--json')).stdout);

  beforeAll(async () => {
    feeds = await new FeedServer().start();
    smtp = await new SmtpCapture().start();
    database = await createTestDatabase('sqlite');
    stripe = await new StripeApiStub().start();
    env = {
      DATABASE_URL: database.url,
      SMTP_URL: smtp.url,
      MAIL_FROM: 'tidings@tidings.test',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_SECRET_KEY: 'sk_test_tidings',
      STRIPE_API_BASE: stripe.url,
      POLL_INTERVAL_SECONDS: '86400',
    };
    expect((await tidings('migrate')).code).toBe(0);
  });

  afterAll(async () => {
    await server?.stop();
    await feeds.stop();
    await smtp.stop();
    await stripe.stop();
    await database.drop();
  });

  it('holds emails at zero credits, then sends them after a signed checkout.session.completed', async () => {
    const post = (date: string, slug: string) => ({
      title: `Post ${slug}`,
      link: `https://blog.example/${slug}`,
      date,
    });
    const old = post('Mon, 09 Nov 2026 08:00:00 GMT', 'old');
    feeds.set('/feed.xml', { body: rssFeed('Example Blog', [old]) });
    const added = await tidings('users', 'add', 'reader@example.com', '--credits', '0');
    expect(added.stdout).toContain('0 credits');
    expect((await tidings('subscribe', 'reader@example.com', feeds.url('/feed.xml'))).code).toBe(0);
    expect((await tidings('poll', '--once')).code).toBe(0);

    const fresh = [post('Sun, 22 Nov 2026 08:00:00 GMT', 'a'), post('Sun, 22 Nov 2026 09:00:00 GMT', 'b')];
    feeds.set('/feed.xml', { body: rssFeed('Example Blog', [...fresh, old]) });
    const poll = await tidings('poll', '--once', '--all');
    expect(poll.stdout).toMatch(/2 new entries, 1 emails sent, 0 to retry, 0 failed, 2 held/);
    const [notice] = await smtp.waitFor(1);
    expect(notice.parsed.subject).toBe('Your Tidings deliveries are paused');
    expect(notice.parsed.text).toContain('Your balance is 0 credits');
    const user = await showUser();
    expect(user.balance).toBe(0);

    server = await startServerProcess(env);
    const webhook = `${server.baseUrl}/billing/stripe/webhook`;
    const send = (payload: string, signature: string) =>
      fetch(webhook, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        body: payload,
      });
    const opened = await tidings('billing', 'checkout', 'reader@example.com', '1000');
    expect(opened.code).toBe(0);
    const sessionId = /\/c\/pay\/(cs_\w+)/.exec(opened.stdout)![1];
    const session: SessionFields = { sessionId, userId: user.id, credits: 1000, amountCents: 500 };

    // Signed by Stripe, but not what Tidings sold: answered with the reason, logged with the session, no
    // credits (the balance checked at the end proves none were granted). Every kind is in
    // test/integration/billing/stripe-webhook.spec.ts.
    const claims: Array<[SessionFields, RegExp]> = [
      [
        { ...session, sessionId: 'cs_never_opened', credits: 20000, amountCents: 1 },
        /^ignored: not a Checkout Session that Tidings opened/,
      ],
      [
        { ...session, overrides: { metadata: { userId: user.id, pack: '1000', credits: '20000' } } },
        /^ignored: the session claims 20000 credits, the pack has 1000/,
      ],
    ];
    for (const [claim, reason] of claims) {
      const forged = signEvent(checkoutSessionEvent('checkout.session.completed', claim), { at: new Date() });
      const response = await send(forged.payload, forged.signature);
      expect(response.status).toBe(200);
      expect(((await response.json()) as { outcome: string }).outcome).toMatch(reason);
      const warning = `Stripe event ignored for Checkout Session ${claim.sessionId}`;
      await waitUntil(() => server!.output().includes(warning), `the warning naming ${claim.sessionId}`);
    }

    const event = checkoutSessionEvent('checkout.session.completed', session);
    const { payload, signature } = signEvent(event, { at: new Date() });

    const tampered = await send(payload.replace('"1000"', '"9000"'), signature);
    expect(tampered.status).toBe(400);
    expect(await tampered.json()).toMatchObject({ error: 'WebhookSignatureError' });
    expect((await send(payload, '')).status).toBe(400);
    const asText = await fetch(webhook, {
      method: 'POST',
      headers: { 'content-type': 'text/plain', 'stripe-signature': signature },
      body: payload,
    });
    expect(asText.status).toBe(400);

    const responses = await Promise.all([send(payload, signature), send(payload, signature)]);
    expect(responses.map((response) => response.status)).toEqual([200, 200]);
    expect(
      (await Promise.all(responses.map((response) => response.json() as Promise<{ outcome: string }>)))
        .map((body) => body.outcome)
        .sort(),
    ).toEqual(['already granted', 'granted']);
    const unknown = signEvent(
      { id: 'evt_other', type: 'invoice.paid', data: { object: {} } },
      { at: new Date() },
    );
    const ignored = await send(unknown.payload, unknown.signature);
    expect(ignored.status).toBe(200);
    expect(await ignored.json()).toEqual({ received: true, outcome: 'ignored' });

    expect((await tidings('outbox', 'flush')).code).toBe(0);
    const messages = await smtp.waitFor(3);
    expect(
      messages
        .slice(1)
        .map((message) => message.parsed.subject)
        .sort(),
    ).toEqual(['Post a', 'Post b']);
    expect(messages.slice(1).every((message) => message.envelope.to[0] === 'reader@example.com')).toBe(true);
    expect((await showUser()).balance).toBe(998);

    const check = await tidings('billing', 'check', '--json');
    expect(check.code).toBe(0);
    expect(JSON.parse(check.stdout)).toEqual({ ok: true, mismatches: [] });
  });

  it('refuses bad input on the billing commands with one clear line', async () => {
    const negative = await tidings('users', 'add', 'other@example.com', '--credits', '-5');
    expect(negative.code).not.toBe(0);
    expect(negative.stderr).toMatch(/--credits: expected 0 or more/);
    const { STRIPE_SECRET_KEY: _unset, ...withoutStripe } = env;
    const checkout = await runTidings(['billing', 'checkout', 'reader@example.com', '1000'], withoutStripe);
    expect(checkout.code).not.toBe(0);
    expect(checkout.stderr).toMatch(/STRIPE_SECRET_KEY/);
  });
});
