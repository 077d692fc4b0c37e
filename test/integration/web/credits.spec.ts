import { AccountsService } from '../../../src/accounts/accounts.service';
import { BillingService } from '../../../src/billing/billing.service';
import { MailService } from '../../../src/mail/mail.service';
import { OutboxService } from '../../../src/mail/outbox.service';
import { StripeApiStub } from '../../support/stripe-api-stub';
import { checkoutSessionEvent, signEvent, WEBHOOK_SECRET } from '../../support/stripe-events';
import { testDialects } from '../../support/test-database';
import { createWebTestApp, WebClient, WebTestApp } from '../../support/web-app';

describe.each(testDialects())('dashboard credits on %s', (dialect) => {
  let stripe: StripeApiStub;
  let web: WebTestApp;
  let buyer: WebClient;

  beforeAll(async () => {
    stripe = await new StripeApiStub().start();
    web = await createWebTestApp(dialect, {
      STRIPE_SECRET_KEY: 'sk_test_tidings',
      STRIPE_API_BASE: stripe.url,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    });
    buyer = web.browser();
    await buyer.signIn('buyer@example.com');
  });

  afterAll(async () => {
    await web.close();
    await stripe.stop();
  });

  const userIdOf = async (email: string) => (await web.app.get(AccountsService).getByEmail(email)).id;
  const postWebhook = (event: object) => {
    const { payload, signature } = signEvent(event, { at: web.clock.now() });
    return fetch(`${web.baseUrl}/billing/stripe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body: payload,
    });
  };

  it('shows the balance in the navigation, the ledger with reasons, and packs priced per credit', async () => {
    const page = await buyer.get('/credits');
    expect(page.status).toBe(200);
    expect(page.html).toMatch(/Credits <span class="nav-balance"[^>]*>100<\/span>/);
    expect(page.html).toContain('<strong>100</strong> credits');
    expect(page.html).toContain('Starter credits for a new account');
    expect(page.html).toContain('€5.00 <span class="hint">(€0.005 per credit)</span>');
    expect(page.html).toContain('<strong>20,000</strong> credits');
    expect(page.html).not.toContain('older ones are not shown');
  });

  it('buys a pack: a 303 to Checkout, one session for a double submit, credits only after the webhook', async () => {
    const page = await buyer.get('/credits');
    const attempt = /name="attempt" value="([^"]+)"/.exec(page.html)![1];
    stripe.requests.splice(0);
    const [first, second] = [
      await buyer.post('/credits/checkout', { pack: '5000', attempt }),
      await buyer.post('/credits/checkout', { pack: '5000', attempt }),
    ];
    expect(first.status).toBe(303);
    expect(first.location).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_stub_\d+$/);
    const keys = stripe.requests.map((request) => request.headers['idempotency-key']);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
    expect(second.status).toBe(303);
    expect(stripe.requests[0].form.get('success_url')).toBe(
      'http://localhost:3000/credits/success?session_id={CHECKOUT_SESSION_ID}',
    );
    expect(stripe.requests[0].form.get('cancel_url')).toBe('http://localhost:3000/credits/cancel');

    const sessionId = first.location!.split('/').pop()!;
    const waiting = await buyer.get(`/credits/success?session_id=${sessionId}`);
    expect(waiting.status).toBe(200);
    expect(waiting.html).toContain('Waiting for confirmation');
    expect(waiting.html).toContain('<meta http-equiv="refresh" content="3">');
    expect(waiting.html).not.toContain('credits added');

    const userId = await userIdOf('buyer@example.com');
    const granted = await postWebhook(
      checkoutSessionEvent('checkout.session.completed', {
        sessionId,
        userId,
        credits: 5000,
        amountCents: 2000,
      }),
    );
    expect(await granted.json()).toEqual({ received: true, outcome: 'granted' });
    const done = await buyer.get(`/credits/success?session_id=${sessionId}`);
    expect(done.html).toContain('Payment received, credits added: 5,000 credits');
    expect(done.html).toContain('Your balance is now 5,100 credits');
    expect(done.html).not.toContain('http-equiv="refresh"');
    const credits = await buyer.get('/credits');
    expect(credits.html).toContain('<strong>5,100</strong> credits');
    expect(credits.html).toContain('Bought with Stripe Checkout');
    expect(credits.html.indexOf('Bought with')).toBeLessThan(credits.html.indexOf('Starter credits'));

    // Another user cannot learn about this purchase: for them it is still not granted.
    const other = web.browser();
    await other.signIn('other@example.com');
    const theirs = await other.get(`/credits/success?session_id=${sessionId}`);
    expect(theirs.html).toContain('Waiting for confirmation');
    expect(theirs.html).not.toContain('5,000');
  });

  it('shows the cancel page with the real balance, and refuses odd session ids', async () => {
    const cancel = await buyer.get('/credits/cancel');
    expect(cancel.html).toContain('nothing was charged');
    expect(cancel.html).toMatch(/Your balance is [\d,]+ credits/);
    for (const hostile of ['', 'pi_123', '%3Cscript%3E', 'cs_a&session_id=cs_b'.replace('&', '%26')])
      expect((await buyer.get(`/credits/success?session_id=${hostile}`)).status).toBe(404);
    expect((await buyer.get('/credits/success?session_id=cs_a&session_id=cs_b')).status).toBe(404);
  });

  it('refuses a checkout without the CSRF field, for a signed-out visitor, and for hostile packs', async () => {
    await buyer.get('/credits');
    stripe.requests.splice(0);
    const forged = await buyer.post('/credits/checkout', { pack: '1000', attempt: 'a', _csrf: 'forged' });
    expect(forged.status).toBe(403);
    const stranger = web.browser();
    expect((await stranger.get('/credits')).location).toBe('/signin');
    await stranger.get('/signin');
    expect((await stranger.post('/credits/checkout', { pack: '1000', attempt: 'a' })).location).toBe(
      '/signin',
    );
    await buyer.get('/credits');
    for (const pack of ['999', '__proto__', 'x'.repeat(500)])
      expect((await buyer.post('/credits/checkout', { pack, attempt: 'a' })).status).toBe(400);
    expect((await buyer.post('/credits/checkout', { pack: '1000', attempt: 'has space' })).status).toBe(400);
    expect(stripe.requests).toHaveLength(0);
  });

  it('tells a paused user why, on the credits page and the feeds page', async () => {
    const reader = web.browser();
    await reader.signIn('paused@example.com');
    const userId = await userIdOf('paused@example.com');
    const billing = web.app.get(BillingService);
    await billing.adjust({ userId, credits: -100, idempotencyKey: 'drain', reason: 'test' });
    await web.app.get(MailService).sendEntry({
      dedupKey: `entry:held:user:${userId}`,
      to: { userId, email: 'paused@example.com' },
      subscriptionId: 'sub',
      feed: { id: 'feed', title: 'Example Blog', url: 'https://blog.example/feed', siteUrl: null },
      entry: { title: 'Held post', link: null, author: null, published: null, html: '<p>x</p>' },
    });
    await web.app.get(OutboxService).flush();
    expect(await web.app.get(OutboxService).countHeld(userId)).toBe(1);
    for (const path of ['/credits', '/feeds'])
      expect((await reader.get(path)).html).toMatch(
        /Your deliveries are paused: 1 email is waiting because your balance \(0 credits\)/,
      );
    expect((await buyer.get('/feeds')).html).not.toContain('deliveries are paused');

    await billing.adjust({ userId, credits: 1, idempotencyKey: 'refill', reason: 'test' });
    await billing.adjust({ userId, credits: -3, idempotencyKey: 'claw', reason: 'chargeback' });
    const negative = await reader.get('/credits');
    expect(negative.html).toMatch(/your balance is -2 credits after a refund or a correction/);
    expect(negative.html).toContain('Correction: chargeback');
  });
});

describe('dashboard credits without Stripe', () => {
  let web: WebTestApp;

  beforeAll(async () => {
    web = await createWebTestApp('sqlite');
  });

  afterAll(() => web.close());

  it('says what the operator must set to sell credits, and shows the packs and prices anyway', async () => {
    const reader = web.browser();
    await reader.signIn('reader@example.com');
    const page = await reader.get('/credits');
    expect(page.status).toBe(200);
    expect(page.html).toContain(
      'its operator must set <code>STRIPE_SECRET_KEY</code> and <code>STRIPE_WEBHOOK_SECRET</code>',
    );
    expect(page.html).toMatch(/<strong>1,000<\/strong> credits<\/p>\s*<p class="pack-price">€5.00 /);
    expect(page.html).toContain('a digest costs 1 credit for every 5 feeds with new posts in it');
    expect(page.html).not.toContain('action="/credits/checkout"');
    const post = await reader.post('/credits/checkout', { pack: '1000', attempt: 'a' });
    expect(post.status).toBe(503);
    expect(post.html).toContain('Buying credits is not available');
  });

  it('caps the history at the newest 50 changes and says so', async () => {
    const reader = web.browser();
    await reader.signIn('busy@example.com');
    const userId = (await web.app.get(AccountsService).getByEmail('busy@example.com')).id;
    for (let index = 1; index <= 55; index += 1)
      await web.app
        .get(BillingService)
        .adjust({ userId, credits: index, idempotencyKey: `gift-${index}`, reason: `gift ${index}` });
    const page = await reader.get('/credits');
    expect(page.html).toContain('Showing the latest 50 changes; 6 older ones are not shown.');
    expect(page.html).toContain('Correction: gift 55');
    expect(page.html).not.toContain('Correction: gift 5<');
    expect(page.html.indexOf('gift 55')).toBeLessThan(page.html.indexOf('gift 54'));
  });
});
