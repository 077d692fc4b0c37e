import { AccountsService } from '../../../src/accounts/accounts.service';
import { WebhookSignatureError } from '../../../src/billing/billing-errors';
import { BillingService } from '../../../src/billing/billing.service';
import { StripeWebhookService } from '../../../src/billing/stripe-webhook.service';
import { ConflictError } from '../../../src/common/errors';
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
  let userCount = 0;

  beforeAll(async () => {
    test = await createTestApp(dialect, { STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STARTER_CREDITS: '0' });
    webhooks = test.app.get(StripeWebhookService);
    billing = test.app.get(BillingService);
  });

  afterAll(() => test.close());

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
    expect(await deliver(completed({ sessionId: 'cs_valid', userId, credits: 1000 }))).toBe('granted');
    expect(await billing.balanceOf(userId)).toBe(1000);
    expect(await billing.ledgerOf(userId)).toEqual([
      expect.objectContaining({
        kind: 'purchase',
        amount: 1000,
        reason: 'stripe checkout',
        reference: 'cs_valid',
      }),
    ]);
  });

  describe('rejects an event whose signature does not verify', () => {
    let userId: string;
    let event: object;
    beforeAll(async () => {
      userId = await newUser();
      event = checkoutSessionEvent('checkout.session.completed', {
        sessionId: 'cs_forged',
        userId,
        credits: 5000,
      });
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
    const event = checkoutSessionEvent('checkout.session.completed', {
      sessionId: 'cs_recent',
      userId,
      credits: 1,
    });
    expect(await deliver(signEvent(event, { at: new Date(test.clock.now().getTime() - 299_000) }))).toBe(
      'granted',
    );
  });

  it('grants once when the event is replayed three times at once, with the async event too', async () => {
    const userId = await newUser();
    const session = { sessionId: 'cs_replayed', userId, credits: 1000 };
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
    const session: SessionFields = {
      sessionId: 'cs_delayed',
      userId,
      credits: 5000,
      paymentStatus: 'unpaid',
    };
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
    await deliver(
      completed({ sessionId: 'cs_refunded', userId, credits: 1000, paymentIntentId: 'pi_refunded' }),
    );
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
    await deliver(completed({ sessionId: 'cs_raced', userId, credits: 1000, paymentIntentId: 'pi_raced' }));
    const refund = (refundedCents: number) =>
      signed(chargeRefundedEvent({ paymentIntentId: 'pi_raced', amountCents: 500, refundedCents }));
    await Promise.all([refund(500), refund(100), refund(250), refund(100), refund(500)].map(deliver));
    expect(await billing.balanceOf(userId)).toBe(0);
  });

  it('lets a refund take the balance below zero once the credits were spent', async () => {
    const userId = await newUser();
    await deliver(completed({ sessionId: 'cs_spent', userId, credits: 10, paymentIntentId: 'pi_spent' }));
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

  it('asks Stripe to retry a refund of a payment it does not know yet', async () => {
    const refund = chargeRefundedEvent({
      paymentIntentId: 'pi_unknown',
      amountCents: 500,
      refundedCents: 500,
    });
    await expect(deliver(signed(refund))).rejects.toThrow(ConflictError);
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
    let operations: Array<Promise<unknown>> = [];
    for (let step = 0; step < 60; step += 1) {
      // Rounds of ten at once, so that later refunds find earlier purchases.
      if (step % 10 === 0) {
        await Promise.all(operations);
        operations = [];
      }
      const userId = users[random(users.length)];
      const choice = random(3);
      const session = `cs_random_${userId}_${random(4)}`;
      if (choice === 0) {
        operations.push(
          deliver(
            completed({
              sessionId: session,
              userId,
              credits: 50 + random(100),
              paymentIntentId: `pi_${session}`,
            }),
          ),
        );
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
        const total = Math.min(500, (refunded.get(session) ?? 0) + random(300));
        refunded.set(session, total);
        const refund = chargeRefundedEvent({
          paymentIntentId: `pi_${session}`,
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
