import { Inject, Injectable } from '@nestjs/common';
import type Stripe from 'stripe';
import { CONFIG } from '../config/config.module';
import { Config } from '../config/load-config';
import { BillingUnavailableError, WebhookSignatureError } from './billing-errors';

export type CheckoutSessionParams = Stripe.Checkout.SessionCreateParams;

/** `STRIPE_API_BASE` (e.g. a loopback stand-in in tests) as the SDK's host, port and protocol. */
export function stripeConnection(apiBase: string | undefined): Stripe.StripeConfig {
  if (!apiBase) return {};
  const url = new URL(apiBase);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol };
}

// Loaded on first use: the SDK takes a fifth of a second to load, and most processes (every CLI command
// but billing's) never call Stripe.
const loadStripe = () => require('stripe') as typeof Stripe;

/** The official Stripe SDK behind one small door: Checkout Sessions out, verified events in. */
@Injectable()
export class StripeClient {
  private client: Stripe | null = null;

  constructor(@Inject(CONFIG) private readonly config: Config) {}

  private get stripe(): Stripe | null {
    const key = this.config.STRIPE_SECRET_KEY;
    if (!key) return null;
    if (!this.client) {
      const StripeSdk = loadStripe();
      this.client = new StripeSdk(key, {
        ...stripeConnection(this.config.STRIPE_API_BASE),
        maxNetworkRetries: 2,
        timeout: 20_000,
      });
    }
    return this.client;
  }

  async createCheckoutSession(
    params: CheckoutSessionParams,
    idempotencyKey: string,
  ): Promise<{ id: string; url: string }> {
    if (!this.stripe) throw new BillingUnavailableError('buying credits is not set up (STRIPE_SECRET_KEY)');
    const session = await this.stripe.checkout.sessions.create(params, { idempotencyKey });
    if (!session.url) throw new Error(`Stripe returned the Checkout Session ${session.id} without a URL`);
    return { id: session.id, url: session.url };
  }

  /**
   * Verifies `Stripe-Signature` over the exact bytes received and returns the event. Rejects a missing
   * or wrong signature, a body changed in any byte (re-serialised JSON included) and an event older
   * than the tolerance, measured from `receivedAtMs`.
   */
  verifyEvent(rawBody: Buffer | undefined, signature: string | undefined, receivedAtMs: number): unknown {
    const secret = this.config.STRIPE_WEBHOOK_SECRET;
    if (!secret) throw new BillingUnavailableError('Stripe webhooks are not set up (STRIPE_WEBHOOK_SECRET)');
    if (!rawBody || !signature) throw new WebhookSignatureError('a signed Stripe event is expected');
    try {
      return loadStripe().webhooks.constructEvent(
        rawBody,
        signature,
        secret,
        this.config.STRIPE_WEBHOOK_TOLERANCE_SECONDS,
        undefined,
        receivedAtMs,
      );
    } catch (error) {
      throw new WebhookSignatureError(`the Stripe signature does not verify: ${(error as Error).message}`);
    }
  }
}
