import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DomainError } from './errors';

interface HttpResponse {
  status(code: number): HttpResponse;
  json(body: unknown): void;
  headersSent?: boolean;
}

/** The one exception filter: domain errors keep their message; anything else is a 500 with an error id. */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('HTTP');

  catch(exception: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<HttpResponse>();
    if (response.headersSent) return;
    if (exception instanceof DomainError) {
      response.status(exception.httpStatus).json({ error: exception.name, message: exception.message });
      return;
    }
    if (exception instanceof HttpException) {
      response.status(exception.getStatus()).json(exception.getResponse());
      return;
    }
    const clientStatus = clientErrorStatus(exception);
    if (clientStatus) {
      response.status(clientStatus).json({ error: 'BadRequest', message: (exception as Error).message });
      return;
    }
    const errorId = randomUUID();
    this.logger.error({ errorId, err: exception }, 'unhandled error');
    response
      .status(500)
      .json({ error: 'InternalServerError', message: 'Something went wrong on our side.', errorId });
  }
}

/** Errors from Express middleware (body-parser: a body too large, malformed JSON) carry a 4xx `status`. */
function clientErrorStatus(exception: unknown): number | null {
  const { status, expose } = (exception ?? {}) as { status?: unknown; expose?: unknown };
  return expose === true && typeof status === 'number' && status >= 400 && status < 500 ? status : null;
}
