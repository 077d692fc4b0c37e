import { Body, Controller, Get, Header, Post, Query, Req, Res, UseFilters, UseGuards } from '@nestjs/common';
import { Response } from 'express';
import { AccountsService } from '../../accounts/accounts.service';
import { formatQuietHours } from '../../accounts/domain/quiet-hours';
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
  maxEmailsPerDay: number | string;
  quietHours: string;
}

/** The signed-in user's own settings: timezone, digest hour and weekly day, daily budget, quiet hours. */
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
    const user = request.web.user!;
    const values = { ...user, quietHours: formatQuietHours(user) };
    return this.page(request, values, notice === 'saved' ? 'Settings saved.' : undefined);
  }

  @Post()
  async update(@Req() request: WebRequest, @Res() response: Response, @Body() body: Record<string, unknown>) {
    const user = request.web.user!;
    // A field the form did not post keeps its value.
    const input = {
      timezone: body.timezone,
      digestHour: body.digestHour,
      digestWeekday: body.digestWeekday,
      maxEmailsPerDay: body.maxEmailsPerDay ?? user.maxEmailsPerDay,
      quietHours: body.quietHours ?? formatQuietHours(user),
    };
    try {
      await this.accounts.updateSettings(user.id, input);
      response.redirect(303, '/account?notice=saved');
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      const values = {
        ...user,
        timezone: String(input.timezone ?? '').slice(0, 64),
        maxEmailsPerDay: String(input.maxEmailsPerDay).slice(0, 8),
        quietHours: String(input.quietHours).slice(0, 20),
      };
      response
        .status(422)
        .type('html')
        .send(this.page(request, values, undefined, error));
    }
  }

  private page(request: WebRequest, values: AccountValues, notice?: string, error?: ValidationError): string {
    const errors = error?.fields ?? {};
    return this.views.render(
      request.web,
      'account',
      {
        title: 'Your account',
        notice,
        // A refusal that names no field of the form is said above it.
        error: error && Object.keys(errors).length === 0 ? error.message : undefined,
        errors,
        timezones: timezoneOptions(values.timezone),
        hours: hourOptions(values.digestHour),
        weekdays: weekdayOptions(values.digestWeekday),
        maxEmailsPerDay: values.maxEmailsPerDay,
        quietHours: values.quietHours,
      },
      '/account',
    );
  }
}
