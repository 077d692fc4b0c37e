import { LoggerModule } from 'nestjs-pino';
import { randomUUID } from 'node:crypto';
import { IncomingMessage } from 'node:http';
import { Config } from '../config/load-config';

/**
 * pino everywhere: JSON in production, pretty on a terminal. The CLI logs to stderr so that its
 * stdout (for example `--json`) stays clean for scripts.
 */
export function loggingModule(config: Config, destination: 1 | 2) {
  const isPretty =
    config.NODE_ENV !== 'production' && Boolean(process[destination === 1 ? 'stdout' : 'stderr'].isTTY);
  return LoggerModule.forRoot({
    pinoHttp: {
      level: config.LOG_LEVEL,
      genReqId: (request: IncomingMessage) =>
        (request.headers['x-request-id'] as string | undefined) ?? randomUUID(),
      // Sign-in links carry a bearer token in their path: keep it out of the request log.
      serializers: {
        req: (req: { url?: string }) =>
          Object.assign(req, { url: req.url?.replace(/^\/signin\/[^/?#]+/, '/signin/[token]') }),
      },
      redact: [
        'req.params',
        'res.headers["set-cookie"]',
        'req.headers.cookie',
        'req.headers.authorization',
        'req.headers["stripe-signature"]',
      ],
      autoLogging: { ignore: (request: IncomingMessage) => request.url === '/health' },
      ...(isPretty
        ? { transport: { target: 'pino-pretty', options: { destination, singleLine: true } } }
        : { stream: require('pino').destination(destination) }),
    },
  });
}
