import {
  Body,
  Controller,
  Get,
  Header,
  HttpCode,
  Param,
  Post,
  Req,
  Res,
  UseFilters,
  UseGuards,
} from '@nestjs/common';
import { Response } from 'express';
import { SessionsService } from '../../accounts/sessions.service';
import { LINK_MINUTES, SignInService } from '../../accounts/sign-in.service';
import { ValidationError } from '../../common/errors';
import { timezoneOptions } from '../domain/format';
import { WebViews } from '../views/web-views';
import { WebExceptionsFilter } from '../web-exceptions.filter';
import { WebRequest } from '../web-request';
import { CsrfGuard } from './guards';
import { SESSION_COOKIE, WebCookies } from './web-cookies';

type Form = Record<string, unknown>;

/** Sign-up and sign-in by emailed link, and sign-out. */
@Controller()
@UseGuards(CsrfGuard)
@UseFilters(WebExceptionsFilter)
export class AuthController {
  constructor(
    private readonly signIn: SignInService,
    private readonly sessions: SessionsService,
    private readonly cookies: WebCookies,
    private readonly views: WebViews,
  ) {}

  @Get()
  home(@Req() request: WebRequest, @Res() response: Response): void {
    response.redirect(303, request.web.user ? '/feeds' : '/signin');
  }

  @Get('signin')
  @Header('Content-Type', 'text/html; charset=utf-8')
  form(@Req() request: WebRequest): string {
    return this.signInPage(request, { email: '', timezone: 'UTC' });
  }

  @Post('signin')
  @HttpCode(200)
  @Header('Content-Type', 'text/html; charset=utf-8')
  async request(
    @Req() request: WebRequest,
    @Res({ passthrough: true }) response: Response,
    @Body() body: Form,
  ): Promise<string> {
    const given = { email: String(body.email ?? '').slice(0, 400), timezone: String(body.timezone ?? 'UTC') };
    try {
      const email = await this.signIn.requestLink(given, request.ip ?? 'unknown');
      return this.views.render(request.web, 'signin-sent', {
        title: 'Check your inbox',
        email,
        minutes: LINK_MINUTES,
      });
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      response.status(400);
      return this.signInPage(request, { ...given, error: error.message });
    }
  }

  @Get('signin/:token')
  @Header('Content-Type', 'text/html; charset=utf-8')
  async confirm(@Req() request: WebRequest, @Param('token') token: string): Promise<string> {
    await this.signIn.assertUsable(token);
    return this.views.render(request.web, 'signin-confirm', { title: 'Sign in to Tidings', token });
  }

  @Post('signin/:token')
  async complete(@Param('token') token: string, @Res() response: Response): Promise<void> {
    const user = await this.signIn.consume(token);
    this.cookies.setSession(response, await this.sessions.start(user.id));
    response.redirect(303, '/feeds');
  }

  @Post('signout')
  async signOut(@Req() request: WebRequest, @Res() response: Response): Promise<void> {
    if (request.web.sessionToken) await this.sessions.end(request.web.sessionToken);
    this.cookies.clear(response, SESSION_COOKIE);
    response.redirect(303, '/signin');
  }

  private signInPage(request: WebRequest, values: { email: string; timezone: string; error?: string }) {
    return this.views.render(request.web, 'signin', {
      title: 'Sign in or sign up',
      ...values,
      timezones: timezoneOptions(values.timezone),
    });
  }
}
