import { Controller, Headers, HttpCode, Post, RawBodyRequest, Req } from '@nestjs/common';
import { Request } from 'express';
import { Metrics } from '../common/metrics';
import { StripeWebhookService, WebhookOutcome } from './stripe-webhook.service';

/** Stripe's webhook endpoint; the signature is checked over the raw body (`rawBody: true` at start). */
@Controller('billing/stripe')
export class StripeWebhookController {
  constructor(
    private readonly webhooks: StripeWebhookService,
    private readonly metrics: Metrics,
  ) {}

  @Post('webhook')
  @HttpCode(200)
  async receive(
    @Req() request: RawBodyRequest<Request>,
    @Headers('stripe-signature') signature: string | undefined,
  ): Promise<{ received: true; outcome: WebhookOutcome }> {
    try {
      const outcome = await this.webhooks.handle(request.rawBody, signature);
      this.metrics.countWebhookEvent('stripe', outcome);
      return { received: true, outcome };
    } catch (error) {
      this.metrics.countWebhookEvent('stripe', 'refused');
      throw error;
    }
  }
}
