import {
  Body,
  Controller,
  Get,
  Header,
  Inject,
  Post,
  Query,
  Req,
  Res,
  UseFilters,
  UseGuards,
} from '@nestjs/common';
import { Response } from 'express';
import { randomBytes } from 'node:crypto';
import { BillingUnavailableError } from '../../billing/billing-errors';
import { BillingService } from '../../billing/billing.service';
import { NotFoundError } from '../../common/errors';
import { CONFIG } from '../../config/config.module';
import { Config } from '../../config/load-config';
import { CsrfGuard, SignedInGuard } from '../auth/guards';
import { formatCredits, isCheckoutSessionId, ledgerRow, packOffers } from '../domain/credits';
import { WebViews } from '../views/web-views';
import { WebExceptionsFilter } from '../web-exceptions.filter';
import { WebRequest } from '../web-request';
import { DeliveryPause } from './delivery-pause.service';

export const LEDGER_PAGE_LINES = 50;
/** How often the success page looks again while the webhook has not arrived. */
export const CONFIRMATION_REFRESH_SECONDS = 3;

/**
 * Credits: the balance, the ledger, packs to buy through Stripe Checkout, and the pages Checkout
 * returns to. Credits come only from the webhook; the success page shows whether it has arrived.
 */
@Controller('credits')
@UseGuards(SignedInGuard, CsrfGuard)
@UseFilters(WebExceptionsFilter)
export class CreditsController {
  constructor(
    private readonly billing: BillingService,
    private readonly pause: DeliveryPause,
    private readonly views: WebViews,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  @Get()
  @Header('Content-Type', 'text/html; charset=utf-8')
  async overview(@Req() request: WebRequest): Promise<string> {
    const userId = request.web.user!.id;
    const [ledger, pauseReason] = await Promise.all([
      this.billing.recentLedgerOf(userId, LEDGER_PAGE_LINES),
      this.pause.reasonFor(userId),
    ]);
    return this.views.render(
      request.web,
      'credits',
      {
        title: 'Credits',
        balance: formatCredits(request.web.balance ?? 0),
        pauseReason,
        canBuy: this.billing.isCheckoutAvailable(),
        prices: this.billing.pricesInWords(),
        packs: packOffers(this.billing.packs(), this.config.CREDIT_CURRENCY),
        // One id per rendered form: submitting it twice reuses the same Checkout Session.
        attempt: randomBytes(16).toString('base64url'),
        ledger: ledger.lines.map(ledgerRow),
        hiddenLines: Math.max(0, ledger.total - ledger.lines.length),
      },
      '/credits',
    );
  }

  @Post('checkout')
  async checkout(
    @Req() request: WebRequest,
    @Res() response: Response,
    @Body() body: Record<string, unknown>,
  ): Promise<void> {
    if (!this.billing.isCheckoutAvailable())
      throw new BillingUnavailableError('Buying credits is not available on this server right now.');
    const checkout = await this.billing.createCheckout(
      request.web.user!.id,
      String(body.pack ?? '').slice(0, 64),
      String(body.attempt ?? '').slice(0, 100),
    );
    response.redirect(303, checkout.url);
  }

  @Get('success')
  @Header('Content-Type', 'text/html; charset=utf-8')
  async success(@Req() request: WebRequest, @Query('session_id') sessionId: unknown): Promise<string> {
    if (!isCheckoutSessionId(sessionId)) throw new NotFoundError('There is no such payment.');
    const granted = await this.billing.creditsGrantedBy(request.web.user!.id, sessionId);
    return this.views.render(
      request.web,
      'checkout-success',
      granted === null
        ? { title: 'Waiting for confirmation', refreshSeconds: CONFIRMATION_REFRESH_SECONDS }
        : {
            title: 'Payment received',
            credits: formatCredits(granted),
            balance: formatCredits(request.web.balance ?? 0),
          },
      '/credits',
    );
  }

  @Get('cancel')
  @Header('Content-Type', 'text/html; charset=utf-8')
  cancelled(@Req() request: WebRequest): string {
    return this.views.render(
      request.web,
      'checkout-cancel',
      { title: 'Payment cancelled', balance: formatCredits(request.web.balance ?? 0) },
      '/credits',
    );
  }
}
