import { AccountsService } from '../../../src/accounts/accounts.service';
import { BillingUnavailableError } from '../../../src/billing/billing-errors';
import { BillingService } from '../../../src/billing/billing.service';
import { NotFoundError, ValidationError } from '../../../src/common/errors';
import { StripeApiStub } from '../../support/stripe-api-stub';
import { createTestApp, TestApp } from '../../support/test-app';

// Checkout creation touches no table but users, so SQLite alone is enough here.
describe('Stripe Checkout against a loopback Stripe API', () => {
  let stripe: StripeApiStub;
  let test: TestApp;
  let billing: BillingService;
  let userId: string;

  beforeAll(async () => {
    stripe = await new StripeApiStub().start();
    test = await createTestApp('sqlite', {
      STRIPE_SECRET_KEY: 'sk_test_tidings',
      STRIPE_API_BASE: stripe.url,
      PUBLIC_URL: 'https://tidings.example',
      CREDIT_CURRENCY: 'usd',
    });
    billing = test.app.get(BillingService);
    userId = (await test.app.get(AccountsService).addUser({ email: 'buyer@example.com' })).id;
  });

  afterAll(async () => {
    await test.close();
    await stripe.stop();
  });

  beforeEach(() => stripe.requests.splice(0));

  it('creates a payment session for the pack, for the user, with an idempotency key', async () => {
    const checkout = await billing.createCheckout(userId, '5000', 'form-nonce-1');
    expect(checkout).toEqual({
      sessionId: 'cs_test_stub_1',
      url: 'https://checkout.stripe.test/c/pay/cs_test_stub_1',
    });
    expect(stripe.requests).toHaveLength(1);
    const [request] = stripe.requests;
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/v1/checkout/sessions');
    expect(request.headers.authorization).toBe('Bearer sk_test_tidings');
    expect(request.headers['idempotency-key']).toBe(`checkout:${userId}:5000:form-nonce-1`);
    expect(Object.fromEntries(request.form)).toMatchObject({
      mode: 'payment',
      client_reference_id: userId,
      customer_email: 'buyer@example.com',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': '2000',
      'line_items[0][price_data][product_data][name]': '5000 Tidings credits',
      'metadata[userId]': userId,
      'metadata[pack]': '5000',
      'metadata[credits]': '5000',
      'payment_intent_data[metadata][userId]': userId,
      success_url: 'https://tidings.example/credits/success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'https://tidings.example/credits/cancel',
    });
  });

  it('sends the same idempotency key for a repeated attempt and a new one otherwise', async () => {
    await billing.createCheckout(userId, '1000', 'same');
    await billing.createCheckout(userId, '1000', 'same');
    await billing.createCheckout(userId, '1000');
    await billing.createCheckout(userId, '1000');
    const keys = stripe.requests.map((request) => request.headers['idempotency-key']);
    expect(keys[0]).toBe(keys[1]);
    expect(new Set(keys).size).toBe(3);
  });

  it.each(['999', '', '1000; DROP TABLE', '__proto__', 'x'.repeat(10_000)])(
    'refuses a hostile pack id (#%#) without calling Stripe',
    async (packId) => {
      await expect(billing.createCheckout(userId, packId)).rejects.toThrow(ValidationError);
      expect(stripe.requests).toHaveLength(0);
    },
  );

  it.each(['with space', 'x'.repeat(65), 'ünïcode', ''])(
    'refuses the attempt id %p without calling Stripe',
    async (attemptId) => {
      await expect(billing.createCheckout(userId, '1000', attemptId)).rejects.toThrow(ValidationError);
      expect(stripe.requests).toHaveLength(0);
    },
  );

  it('refuses an unknown user', async () => {
    await expect(billing.createCheckout('01UNKNOWNUSER0000000000000', '1000')).rejects.toThrow(NotFoundError);
  });

  it("passes Stripe's refusal on as an error", async () => {
    stripe.replies.push({
      status: 400,
      body: { error: { type: 'invalid_request_error', message: 'Invalid currency' } },
    });
    await expect(billing.createCheckout(userId, '1000')).rejects.toThrow(/Invalid currency/);
  });

  it('says buying is unavailable without a Stripe secret key', async () => {
    const unconfigured = await createTestApp('sqlite');
    try {
      const user = await unconfigured.app.get(AccountsService).addUser({ email: 'buyer@example.com' });
      await expect(unconfigured.app.get(BillingService).createCheckout(user.id, '1000')).rejects.toThrow(
        BillingUnavailableError,
      );
    } finally {
      await unconfigured.close();
    }
  });
});
