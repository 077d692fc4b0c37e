import { Controller, Headers, HttpCode, Post, RawBodyRequest, Req } from '@nestjs/common';
import { Request } from 'express';
import { StripeWebhookService, WebhookOutcome } from './stripe-webhook.service';

/** Stripe's webhook endpoint; the signature is checked over the raw body (`rawBody: true` at start). */
@Controller('billing/stripe')
export class StripeWebhookController {
  constructor(private readonly webhooks: StripeWebhookService) {}

  @Post('webhook')
  @HttpCode(200)
  async receive(
    @Req() request: RawBodyRequest<Request>,
    @Headers('stripe-signature') signature: string | undefined,
  ): Promise<{ received: true; outcome: WebhookOutcome }> {
    return { received: true, outcome: await this.webhooks.handle(request.rawBody, signature) };
  }
}
