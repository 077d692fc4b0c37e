import { Body, Controller, Get, Header, Post, Query, Req, Res, UseFilters, UseGuards } from '@nestjs/common';
import { Response } from 'express';
import { AccountsService } from '../../accounts/accounts.service';
import { ValidationError } from '../../common/errors';
import { CsrfGuard, SignedInGuard } from '../auth/guards';
import { hourOptions, timezoneOptions, weekdayOptions } from '../domain/format';
import { WebViews } from '../views/web-views';
import { WebExceptionsFilter } from '../web-exceptions.filter';
import { WebRequest } from '../web-request';

interface AccountValues {
  timezone: string;
  digestHour: number;
  digestWeekday: number;
}

/** The signed-in user's own settings: timezone, digest hour and weekly day. */
@Controller('account')
@UseGuards(SignedInGuard, CsrfGuard)
@UseFilters(WebExceptionsFilter)
export class AccountController {
  constructor(
    private readonly accounts: AccountsService,
    private readonly views: WebViews,
  ) {}

  @Get()
  @Header('Content-Type', 'text/html; charset=utf-8')
  show(@Req() request: WebRequest, @Query('notice') notice?: string): string {
    return this.page(request, request.web.user!, notice === 'saved' ? 'Settings saved.' : undefined);
  }

  @Post()
  async update(@Req() request: WebRequest, @Res() response: Response, @Body() body: Record<string, unknown>) {
    const input = { timezone: body.timezone, digestHour: body.digestHour, digestWeekday: body.digestWeekday };
    try {
      await this.accounts.updateSettings(request.web.user!.id, input);
      response.redirect(303, '/account?notice=saved');
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      const values = { ...request.web.user!, timezone: String(input.timezone ?? '').slice(0, 64) };
      response
        .status(422)
        .type('html')
        .send(this.page(request, values, undefined, error.message));
    }
  }

  private page(request: WebRequest, values: AccountValues, notice?: string, error?: string): string {
    return this.views.render(
      request.web,
      'account',
      {
        title: 'Your account',
        notice,
        error,
        timezones: timezoneOptions(values.timezone),
        hours: hourOptions(values.digestHour),
        weekdays: weekdayOptions(values.digestWeekday),
      },
      '/account',
    );
  }
}
