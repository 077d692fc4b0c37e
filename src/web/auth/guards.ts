import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { CONFIG } from '../../config/config.module';
import { Config } from '../../config/load-config';
import { parseCookieHeader } from '../domain/cookies';
import { isValidCsrfToken } from '../domain/csrf';
import { CsrfRejectedError, SignInRequiredError } from '../web-errors';
import { WebRequest } from '../web-request';
import { CSRF_COOKIE, WebCookies } from './web-cookies';

/** Every POST must carry the hidden `_csrf` field derived from this browser's session or CSRF cookie. */
@Injectable()
export class CsrfGuard implements CanActivate {
  constructor(
    private readonly cookies: WebCookies,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<WebRequest>();
    if (request.method === 'GET' || request.method === 'HEAD') return true;
    const binding =
      request.web.sessionToken ?? this.cookies.read(parseCookieHeader(request.headers.cookie), CSRF_COOKIE);
    const token = (request.body as Record<string, unknown> | undefined)?._csrf;
    if (!isValidCsrfToken(token, binding, this.config.SECRET_KEY))
      throw new CsrfRejectedError(
        'This form has expired or did not come from Tidings. Go back, reload the page and try again.',
      );
    return true;
  }
}

@Injectable()
export class SignedInGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    if (!context.switchToHttp().getRequest<WebRequest>().web.user)
      throw new SignInRequiredError('Sign in to see this page.');
    return true;
  }
}
