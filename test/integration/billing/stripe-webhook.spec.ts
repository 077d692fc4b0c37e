import { AccountsService } from '../../../src/accounts/accounts.service';
import { WebhookSignatureError } from '../../../src/billing/billing-errors';
import { BillingService } from '../../../src/billing/billing.service';
import { StripeWebhookService } from '../../../src/billing/stripe-webhook.service';
import { ConflictError } from '../../../src/common/errors';
import { StripeApiStub } from '../../support/stripe-api-stub';
import {
  chargeRefundedEvent,
  checkoutSessionEvent,
  SessionFields,
  signEvent,
  SignedEvent,
  WEBHOOK_SECRET,
} from '../../support/stripe-events';
import { createTestApp, TestApp } from '../../support/test-app';
import { testDialects, Dialect } from '../../support/test-database';

describe.each(testDialects())('Stripe webhooks on %s', (dialect: Dialect) => {
  let test: TestApp;
  let webhooks: StripeWebhookService;
  let billing: BillingService;
  let stripe: StripeApiStub;
  let userCount = 0;

  beforeAll(async () => {
    stripe = await new StripeApiStub().start();
    test = await createTestApp(
      dialect,
      {
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_SECRET_KEY: 'sk_test_tidings',
        STRIPE_API_BASE: stripe.url,
        STARTER_CREDITS: '0',
        CREDIT_PACKS: '1:5,10:40,100:300,1000:500,5000:2000',
      },
      { http: true },
    );
    webhooks = test.app.get(StripeWebhookService);
    billing = test.app.get(BillingService);
  });

  afterAll(async () => {
    await test.close();
    await stripe.stop();
  });

  /** A Checkout Session that Tidings opened for this pack, as its paid event will describe it. */
  async function opened(userId: string, credits: number): Promise<SessionFields> {
    const pack = billing.packs().find((candidate) => candidate.credits === credits)!;
    const { sessionId } = await billing.createCheckout(userId, pack.id);
    return { sessionId, userId, credits, amountCents: pack.priceCents, paymentIntentId: `pi_${sessionId}` };
  }

  async function newUser(): Promise<string> {
    userCount += 1;
    return (await test.app.get(AccountsService).addUser({ email: `buyer${userCount}@example.com` })).id;
  }

  const deliver = ({ payload, signature }: SignedEvent) => webhooks.handle(Buffer.from(payload), signature);
  const signed = (event: object) => signEvent(event, { at: test.clock.now() });
  const completed = (session: SessionFields) =>
    signed(checkoutSessionEvent('checkout.session.completed', session));

  it('grants a paid session once, and records why', async () => {
    const userId = await newUser();
    const session = await opened(userId, 1000);
    expect(await deliver(completed(session))).toBe('granted');
    expect(await billing.balanceOf(userId)).toBe(1000);
    expect(await billing.ledgerOf(userId)).toEqual([
      expect.objectContaining({
        kind: 'purchase',
        amount: 1000,
        reason: 'stripe checkout',
        reference: session.sessionId,
      }),
    ]);
  });

  it('grants nothing and writes no ledger row for a signed session that is not the purchase Tidings opened', async () => {
    const userId = await newUser();
    const otherUser = await newUser();
    const session = await opened(userId, 1000);
    const claims: SessionFields[] = [
      { sessionId: 'cs_never_opened', userId, credits: 20000, amountCents: 1 },
      { sessionId: 'cs_unknown_user', userId: '01NOSUCHUSER00000000000000', credits: 1000 },
      { ...session, amountCents: 1 },
      { ...session, amountCents: 5000 },
      { ...session, currency: 'usd' },
      { ...session, overrides: { metadata: { userId, pack: '1000', credits: '20000' } } },
      { ...session, overrides: { metadata: { userId, pack: '5000', credits: '5000' } } },
      { ...session, userId: otherUser },
      { ...session, overrides: { client_reference_id: otherUser } },
    ];
    for (const claim of claims) {
      // Over HTTP, as Stripe sends it: a 200 that Stripe will not retry, with the reason for the operator.
      const { payload, signature } = completed(claim);
      const response = await fetch(`${test.baseUrl}/billing/stripe/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        body: payload,
      });
      expect(response.status).toBe(200);
      expect(((await response.json()) as { outcome: string }).outcome).toMatch(
        /^ignored: .+; no credits granted$/,
      );
    }
    expect(await billing.ledgerOf(userId)).toEqual([]);
    expect(await billing.ledgerOf(otherUser)).toEqual([]);
    expect(await deliver(completed(session))).toBe('granted');
    expect(await billing.balanceOf(userId)).toBe(1000);
  });

  describe('rejects an event whose signature does not verify', () => {
    let userId: string;
    let event: object;
    beforeAll(async () => {
      userId = await newUser();
      event = checkoutSessionEvent('checkout.session.completed', await opened(userId, 5000));
    });
    afterEach(async () => expect(await billing.balanceOf(userId)).toBe(0));

    it('tampered after signing', async () => {
      const { payload, signature } = signed(event);
      await expect(deliver({ payload: payload.replace('"5000"', '"9000"'), signature })).rejects.toThrow(
        WebhookSignatureError,
      );
    });

    it('re-serialised (same JSON, other bytes)', async () => {
      const { payload, signature } = signed(event);
      const reserialised = JSON.stringify(JSON.parse(payload), null, 1);
      await expect(deliver({ payload: reserialised, signature })).rejects.toThrow(WebhookSignatureError);
    });

    it('signed with another secret', async () => {
      const other = signEvent(event, { at: test.clock.now(), secret: 'whsec_someone_else' });
      await expect(deliver(other)).rejects.toThrow(WebhookSignatureError);
    });

    it('stale: signed more than the tolerance (300 s) ago', async () => {
      const stale = signEvent(event, { at: new Date(test.clock.now().getTime() - 301_000) });
      await expect(deliver(stale)).rejects.toThrow(/tolerance/);
    });

    it.each([
      ['no signature', undefined],
      ['an empty signature', ''],
      ['garbage', 't=abc,v1=zzz'],
      [
        'a signature without a timestamp',
        'v1=5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd',
      ],
    ])('%s', async (_name, signature) => {
      const { payload } = signed(event);
      await expect(webhooks.handle(Buffer.from(payload), signature)).rejects.toThrow(WebhookSignatureError);
    });

    it('no body at all', async () => {
      await expect(webhooks.handle(undefined, signed(event).signature)).rejects.toThrow(
        WebhookSignatureError,
      );
    });
  });

  it('accepts an event signed just inside the tolerance', async () => {
    const userId = await newUser();
    const event = checkoutSessionEvent('checkout.session.completed', await opened(userId, 1));
    expect(await deliver(signEvent(event, { at: new Date(test.clock.now().getTime() - 299_000) }))).toBe(
      'granted',
    );
  });

  it('grants once when the event is replayed three times at once, with the async event too', async () => {
    const userId = await newUser();
    const session = await opened(userId, 1000);
    const event = completed(session);
    const asyncEvent = signed(checkoutSessionEvent('checkout.session.async_payment_succeeded', session));
    const outcomes = await Promise.all([deliver(event), deliver(event), deliver(event), deliver(asyncEvent)]);
    expect(outcomes.filter((outcome) => outcome === 'granted')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === 'already granted')).toHaveLength(3);
    expect(await billing.balanceOf(userId)).toBe(1000);
    expect(await billing.ledgerOf(userId)).toHaveLength(1);
  });

  it('waits for a delayed payment, then grants on async_payment_succeeded', async () => {
    const userId = await newUser();
    const session: SessionFields = { ...(await opened(userId, 5000)), paymentStatus: 'unpaid' };
    expect(await deliver(completed(session))).toBe('ignored');
    expect(await billing.balanceOf(userId)).toBe(0);
    const succeeded = checkoutSessionEvent('checkout.session.async_payment_succeeded', {
      ...session,
      paymentStatus: 'paid',
    });
    expect(await deliver(signed(succeeded))).toBe('granted');
    expect(await deliver(signed(succeeded))).toBe('already granted');
    expect(await billing.balanceOf(userId)).toBe(5000);
  });

  it('removes the share of a partial refund once, then only the rest on a full refund', async () => {
    const userId = await newUser();
    await deliver(completed({ ...(await opened(userId, 1000)), paymentIntentId: 'pi_refunded' }));
    const partial = signed(
      chargeRefundedEvent({ paymentIntentId: 'pi_refunded', amountCents: 500, refundedCents: 100 }),
    );
    expect(await Promise.all([deliver(partial), deliver(partial)])).toEqual(
      expect.arrayContaining(['refunded', 'already refunded']),
    );
    expect(await billing.balanceOf(userId)).toBe(800);
    const full = signed(
      chargeRefundedEvent({ paymentIntentId: 'pi_refunded', amountCents: 500, refundedCents: 500 }),
    );
    expect(await deliver(full)).toBe('refunded');
    expect(await deliver(full)).toBe('already refunded');
    expect(await deliver(partial)).toBe('already refunded');
    expect(await billing.balanceOf(userId)).toBe(0);
    expect((await billing.ledgerOf(userId)).map((entry) => [entry.kind, entry.amount])).toEqual([
      ['purchase', 1000],
      ['refund', -200],
      ['refund', -800],
    ]);
  });

  it('removes each credit once when partial and full refunds arrive at once, in any order', async () => {
    const userId = await newUser();
    await deliver(completed({ ...(await opened(userId, 1000)), paymentIntentId: 'pi_raced' }));
    const refund = (refundedCents: number) =>
      signed(chargeRefundedEvent({ paymentIntentId: 'pi_raced', amountCents: 500, refundedCents }));
    await Promise.all([refund(500), refund(100), refund(250), refund(100), refund(500)].map(deliver));
    expect(await billing.balanceOf(userId)).toBe(0);
  });

  it('lets a refund take the balance below zero once the credits were spent', async () => {
    const userId = await newUser();
    await deliver(completed({ ...(await opened(userId, 10)), paymentIntentId: 'pi_spent' }));
    await billing.spend({ userId, credits: 7, idempotencyKey: 'spent:7', reason: 'test', reference: null });
    await deliver(
      signed(chargeRefundedEvent({ paymentIntentId: 'pi_spent', amountCents: 500, refundedCents: 500 })),
    );
    expect(await billing.balanceOf(userId)).toBe(-7);
    expect(
      await billing.spend({
        userId,
        credits: 1,
        idempotencyKey: 'spent:after',
        reason: 'test',
        reference: null,
      }),
    ).toBe('insufficient');
  });

  it('removes nothing for a refund of a charge that is not a paid purchase of ours', async () => {
    const userId = await newUser();
    const unpaid = await opened(userId, 1000);
    for (const paymentIntentId of ['pi_unknown', unpaid.paymentIntentId!]) {
      const refund = chargeRefundedEvent({ paymentIntentId, amountCents: 500, refundedCents: 500 });
      expect(await deliver(signed(refund))).toMatch(/^ignored: payment .* is not a paid Tidings purchase/);
    }
    expect(await billing.ledgerOf(userId)).toEqual([]);
  });

  it.each([
    [
      'an unknown event type',
      { id: 'evt_x', object: 'event', type: 'customer.created', data: { object: {} } },
    ],
    ['an event without data', { id: 'evt_y', object: 'event', type: 'checkout.session.completed' }],
    ['a JSON array', []],
  ])('acknowledges and ignores %s', async (_name, event) => {
    expect(await deliver(signed(event))).toBe('ignored');
  });

  it('rejects a signed body that is not JSON', async () => {
    const notJson = signEvent({}, { at: test.clock.now(), payload: 'not json {' });
    await expect(deliver(notJson)).rejects.toThrow(WebhookSignatureError);
  });

  it('keeps the sum of entries equal to the balance after a random run of purchases, spends and refunds', async () => {
    const users = [await newUser(), await newUser(), await newUser()];
    let seed = 42;
    const random = (below: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return Math.floor((seed / 2 ** 31) * below);
    };
    const refunded = new Map<string, number>();
    const sessions = new Map<string, SessionFields>();
    for (const userId of users)
      for (let index = 0; index < 4; index += 1)
        sessions.set(`${userId}:${index}`, await opened(userId, [1, 10, 100, 1000][index]));
    let operations: Array<Promise<unknown>> = [];
    for (let step = 0; step < 60; step += 1) {
      // Rounds of ten at once, so that later refunds find earlier purchases.
      if (step % 10 === 0) {
        await Promise.all(operations);
        operations = [];
      }
      const userId = users[random(users.length)];
      const choice = random(3);
      const session = sessions.get(`${userId}:${random(4)}`)!;
      if (choice === 0) {
        operations.push(deliver(completed(session)));
      } else if (choice === 1) {
        operations.push(
          billing.spend({
            userId,
            credits: 1 + random(20),
            idempotencyKey: `random:${step}`,
            reason: 'test',
            reference: null,
          }),
        );
      } else {
        const total = Math.min(500, (refunded.get(session.sessionId) ?? 0) + random(300));
        refunded.set(session.sessionId, total);
        const refund = chargeRefundedEvent({
          paymentIntentId: session.paymentIntentId!,
          amountCents: 500,
          refundedCents: total,
        });
        operations.push(
          deliver(signed(refund)).catch((error) => expect(error).toBeInstanceOf(ConflictError)),
        );
      }
    }
    await Promise.all(operations);
    expect(await billing.findBalanceMismatches()).toEqual([]);
    const kinds = new Set(
      (await Promise.all(users.map((userId) => billing.ledgerOf(userId)))).flat().map((entry) => entry.kind),
    );
    expect([...kinds].sort()).toEqual(['purchase', 'refund', 'spend']);
    for (const userId of users) {
      const sum = (await billing.ledgerOf(userId)).reduce((total, entry) => total + entry.amount, 0);
      expect(await billing.balanceOf(userId)).toBe(sum);
    }
  });
});
