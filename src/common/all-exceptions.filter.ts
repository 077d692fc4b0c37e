import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import { Request, Response } from 'express';
import { randomUUID } from 'node:crypto';
import {
  DATABASE_UNREACHABLE_ADVICE,
  DATABASE_UNREACHABLE_MESSAGE,
  isDatabaseUnreachable,
} from './database-errors';
import { DomainError, RefusedLinkError } from './errors';
import { FailureLog } from './failure-log';
import { problemPage } from './plain-page';

interface Failure {
  status: number;
  body: Record<string, unknown>;
  /** What a person is told to do about it. */
  advice: string;
  next?: { href: string; label: string };
}

/**
 * The one exception filter: domain errors keep their message; a database out of reach is a 503 (one
 * warning line a minute, not a stack per request); anything else is a 500 with an error id. Programs (and anything that accepts JSON rather than HTML) get JSON; a browser gets a page.
 */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('HTTP');
  private readonly databaseDown = new FailureLog(DATABASE_DOWN_REQUESTS, this.logger, 'warn');

  catch(exception: unknown, host: ArgumentsHost): void {
    const request = host.switchToHttp().getRequest<Request>();
    const response = host.switchToHttp().getResponse<Response>();
    if (response.headersSent) return;
    const failure = this.failureOf(exception);
    response.status(failure.status);
    if (failure.status === 503) response.setHeader('Retry-After', '60');
    if (request.accepts(['json', 'html']) !== 'html') {
      response.json(failure.body);
      return;
    }
    const { status, body, advice, next } = failure;
    const title = status === 404 ? 'Not found' : status >= 500 ? 'Something went wrong' : 'That did not work';
    const message = typeof body.message === 'string' ? body.message : `The request was refused (${status}).`;
    response
      .type('html')
      .setHeader('Cache-Control', 'no-store')
      .send(problemPage(title, message, advice, next ?? { href: '/', label: 'Back to Tidings' }));
  }

  private failureOf(exception: unknown): Failure {
    if (exception instanceof RefusedLinkError) {
      const { httpStatus, name, message, advice, next } = exception;
      return { status: httpStatus, body: { error: name, message }, advice, next };
    }
    const retry = 'Go back, check what was sent, and try again.';
    if (exception instanceof DomainError)
      return {
        status: exception.httpStatus,
        body: { error: exception.name, message: exception.message },
        advice: retry,
      };
    if (exception instanceof HttpException) {
      const body = exception.getResponse();
      return {
        status: exception.getStatus(),
        body: typeof body === 'object' ? (body as Record<string, unknown>) : { message: body },
        advice:
          exception.getStatus() === 404 ? 'Check the address, or start again from the home page.' : retry,
      };
    }
    const clientStatus = clientErrorStatus(exception);
    if (clientStatus)
      return {
        status: clientStatus,
        body: { error: 'BadRequest', message: (exception as Error).message },
        advice: retry,
      };
    if (isDatabaseUnreachable(exception)) {
      this.databaseDown.failed(exception);
      return {
        status: 503,
        body: { error: 'DatabaseUnreachable', message: DATABASE_UNREACHABLE_MESSAGE },
        advice: DATABASE_UNREACHABLE_ADVICE,
      };
    }
    const errorId = randomUUID();
    this.logger.error({ errorId, err: exception }, 'unhandled error');
    return {
      status: 500,
      body: { error: 'InternalServerError', message: 'Something went wrong on our side.', errorId },
      advice: `Try again in a moment. If it keeps happening, write to us and quote this error id: ${errorId}.`,
    };
  }
}

/** What the warning line says, as `FailureLog` puts it: "… failed: connect ECONNREFUSED …". */
export const DATABASE_DOWN_REQUESTS = 'a request (database unreachable: answered 503)';

/** Errors from Express middleware (body-parser: a body too large, malformed JSON) carry a 4xx `status`. */
function clientErrorStatus(exception: unknown): number | null {
  const { status, expose } = (exception ?? {}) as { status?: unknown; expose?: unknown };
  return expose === true && typeof status === 'number' && status >= 400 && status < 500 ? status : null;
}
