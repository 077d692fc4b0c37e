import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import { Response } from 'express';
import { randomUUID } from 'node:crypto';
import { DATABASE_DOWN_REQUESTS } from '../common/all-exceptions.filter';
import {
  DATABASE_UNREACHABLE_ADVICE,
  DATABASE_UNREACHABLE_MESSAGE,
  isDatabaseUnreachable,
} from '../common/database-errors';
import { DomainError, RefusedLinkError } from '../common/errors';
import { FailureLog } from '../common/failure-log';
import { WebViews } from './views/web-views';
import { SignInRequiredError } from './web-errors';
import { WebRequest } from './web-request';

/**
 * Dashboard errors as pages: domain errors keep their message and status; a database out of reach is a
 * 503 (one warning line a minute); the rest is a 500 with an id.
 */
@Catch()
export class WebExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Web');
  private readonly databaseDown = new FailureLog(DATABASE_DOWN_REQUESTS, this.logger, 'warn');

  constructor(private readonly views: WebViews) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const request = host.switchToHttp().getRequest<WebRequest>();
    const response = host.switchToHttp().getResponse<Response>();
    if (response.headersSent) return;
    if (exception instanceof SignInRequiredError) {
      response.redirect(303, '/signin');
      return;
    }
    const context = request.web ?? {
      user: null,
      sessionToken: null,
      balance: null,
      csrfToken: '',
      scriptNonce: '',
    };
    let status = 500;
    let message = 'Something went wrong on our side.';
    let errorId: string | null = null;
    let { advice, next } = exception instanceof RefusedLinkError ? exception : { advice: null, next: null };
    if (exception instanceof DomainError) {
      status = exception.httpStatus;
      message = exception.message;
    } else if (exception instanceof HttpException) {
      status = exception.getStatus();
      message = exception.message;
    } else if (isDatabaseUnreachable(exception)) {
      this.databaseDown.failed(exception);
      [status, message, advice] = [503, DATABASE_UNREACHABLE_MESSAGE, DATABASE_UNREACHABLE_ADVICE];
      next = null;
      response.setHeader('Retry-After', '60');
    } else {
      errorId = randomUUID();
      this.logger.error({ errorId, err: exception }, 'unhandled error');
    }
    const title = status === 404 ? 'Not found' : status >= 500 ? 'Something went wrong' : 'That did not work';
    response
      .status(status)
      .type('html')
      .send(this.views.render(context, 'error', { title, message, advice, next, errorId, status }));
  }
}
