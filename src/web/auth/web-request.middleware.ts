import { Inject, Injectable, NestMiddleware } from '@nestjs/common';
import { NextFunction, Request, Response } from 'express';
import { randomBytes } from 'node:crypto';
import { SessionsService } from '../../accounts/sessions.service';
import { BillingService } from '../../billing/billing.service';
import { CONFIG } from '../../config/config.module';
import { Config } from '../../config/load-config';
import { contentSecurityPolicy } from '../domain/content-security-policy';
import { parseCookieHeader } from '../domain/cookies';
import { csrfTokenFor } from '../domain/csrf';
import { WebContext, WebRequest } from '../web-request';
import { CSRF_COOKIE, SESSION_COOKIE, WebCookies } from './web-cookies';

/**
 * Runs before every dashboard route: resolves the session from its signed cookie, gives anonymous
 * browsers a CSRF cookie (so the sign-in form is protected too), and sets strict security headers.
 */
@Injectable()
export class WebRequestMiddleware implements NestMiddleware {
  constructor(
    private readonly sessions: SessionsService,
    private readonly billing: BillingService,
    private readonly cookies: WebCookies,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  async use(request: Request, response: Response, next: NextFunction): Promise<void> {
    try {
      (request as WebRequest).web = await this.contextOf(request, response);
      next();
    } catch (error) {
      next(error);
    }
  }

  private async contextOf(request: Request, response: Response): Promise<WebContext> {
    const cookies = parseCookieHeader(request.headers.cookie);
    const sessionToken = this.cookies.read(cookies, SESSION_COOKIE);
    const user = sessionToken ? await this.sessions.userOf(sessionToken) : null;
    let binding = user ? sessionToken : this.cookies.read(cookies, CSRF_COOKIE);
    if (!binding) {
      binding = randomBytes(24).toString('base64url');
      this.cookies.set(response, CSRF_COOKIE, binding);
    }
    const scriptNonce = randomBytes(16).toString('base64');
    setSecurityHeaders(response, scriptNonce);
    return {
      user,
      sessionToken: user ? sessionToken : null,
      balance: user ? await this.billing.balanceOf(user.id) : null,
      csrfToken: csrfTokenFor(binding, this.config.SECRET_KEY),
      scriptNonce,
    };
  }
}

function setSecurityHeaders(response: Response, scriptNonce: string): void {
  response.setHeader('Content-Security-Policy', contentSecurityPolicy(scriptNonce));
  response.removeHeader('X-Powered-By');
  response.setHeader('X-Content-Type-Options', 'nosniff');
  response.setHeader('X-Frame-Options', 'DENY');
  // Sign-in links carry their token in the path: never leak it to another site.
  response.setHeader('Referrer-Policy', 'same-origin');
  response.setHeader('Cache-Control', 'no-store');
}
