import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';

export interface Route {
  status?: number;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Computes the response from the request, for conditional GETs and the like. */
  handler?: (request: IncomingMessage, response: ServerResponse) => void;
}

/** A real HTTP server on loopback serving whatever the test sets, and recording each request. */
export class FeedServer {
  readonly routes = new Map<string, Route>();
  /** Every request received, with when it arrived (`Date.now()`). */
  readonly requests: Array<{ method: string; url: string; headers: IncomingMessage['headers']; at: number }> =
    [];
  private server!: Server;
  port = 0;
  private host = '127.0.0.1';

  /** `host`: another loopback address (127.0.0.2, …) is another host to the fetcher. */
  async start(host = '127.0.0.1'): Promise<this> {
    this.host = host;
    this.server = createServer((request, response) => this.handle(request, response));
    await new Promise<void>((resolve) => this.server.listen(0, host, resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  url(path: string): string {
    return `http://${this.host}:${this.port}${path}`;
  }

  set(path: string, route: Route): void {
    this.routes.set(path, route);
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private handle(request: IncomingMessage, response: ServerResponse): void {
    this.requests.push({
      method: request.method ?? 'GET',
      url: request.url ?? '/',
      headers: request.headers,
      at: Date.now(),
    });
    const route = this.routes.get(request.url ?? '/');
    if (!route) {
      response.writeHead(404).end('not found');
      return;
    }
    if (route.handler) return route.handler(request, response);
    response.writeHead(route.status ?? 200, route.headers ?? { 'content-type': 'application/rss+xml' });
    response.end(route.body ?? '');
  }
}

/** A small RSS 2.0 document with the given items. */
export function rssFeed(
  title: string,
  items: Array<{ title: string; link: string; guid?: string; date?: string; description?: string }>,
  site = 'https://blog.example/',
): string {
  const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const entries = items
    .map(
      (item) =>
        `<item><title>${escape(item.title)}</title><link>${escape(item.link)}</link><guid>${escape(item.guid ?? item.link)}</guid>` +
        `${item.date ? `<pubDate>${item.date}</pubDate>` : ''}<description>${escape(item.description ?? '')}</description></item>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0"><channel><title>${escape(title)}</title><link>${escape(site)}</link>\n${entries}\n</channel></rss>`;
}
