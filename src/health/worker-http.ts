import type { NextFunction, Request, Response } from 'express';

/** What a worker answers over HTTP: orchestrators' liveness checks and Prometheus. */
const WORKER_PATHS = new Set(['/health', '/metrics']);

/** A worker listens only for GET /health and GET /metrics: every other path answers 404. */
export function answerOnlyHealth(request: Request, response: Response, next: NextFunction): void {
  if (request.method === 'GET' && WORKER_PATHS.has(request.path)) return next();
  response.status(404).type('text/plain').send('a worker process answers only GET /health and /metrics\n');
}
