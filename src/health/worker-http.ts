import type { NextFunction, Request, Response } from 'express';

/** A worker listens only for orchestrators' liveness checks: every path but GET /health answers 404. */
export function answerOnlyHealth(request: Request, response: Response, next: NextFunction): void {
  if (request.method === 'GET' && request.path === '/health') return next();
  response.status(404).type('text/plain').send('a worker process answers only GET /health\n');
}
