import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';

/** How a feed answers a poll in steady state. */
export type FeedKind = 'not-modified' | 'unchanged' | 'new-post';

/** The steady mix: 80 % answer 304, 15 % the same body again (no validators), 5 % one new post a round. */
export function kindOf(index: number): FeedKind {
  const slot = index % 100;
  return slot < 80 ? 'not-modified' : slot < 95 ? 'unchanged' : 'new-post';
}

/** The loopback address of host `index` (0-based): 127.0.1.1, 127.0.1.2, … 250 a block, every one local. */
export function hostAddress(index: number): string {
  return `127.0.${1 + Math.floor(index / 250)}.${1 + (index % 250)}`;
}

/** User-Agent of the raw baseline's requests, which the counts below leave out. */
export const BASELINE_AGENT = 'load-baseline';

/**
 * One HTTP server on every loopback address that serves `feeds` feeds spread over `hosts` addresses
 * (`http://127.0.X.Y:PORT/feed/N`), answering in the steady mix, and counts per round: requests per
 * feed, the most at once on one host, and the shortest time between two starts on one host.
 */
export class FeedHosts {
  private server!: Server;
  port = 0;
  /** Bumped before a round: every new-post feed then shows one more post. */
  edition = 1;
  requestsByFeed = new Map<number, number>();
  private readonly inFlight = new Map<string, number>();
  private readonly lastStart = new Map<string, number>();
  peakPerHost = 0;
  shortestGapMs = Infinity;
  /**
   * How late this process's event loop ran: a request timestamped that much after it arrived makes the
   * gap before the next one look shorter than it was on the wire (980 ms seen here beside a 23 ms delay,
   * while a packet capture of the same rounds had none under 1,001 ms).
   */
  private readonly loopDelay = monitorEventLoopDelay({ resolution: 1 });

  constructor(
    readonly feeds: number,
    readonly hosts: number,
  ) {}

  async start(): Promise<this> {
    this.server = createServer((request, response) => this.handle(request, response));
    this.server.keepAliveTimeout = 60_000;
    await new Promise<void>((resolve) => this.server.listen(0, '0.0.0.0', resolve));
    this.port = (this.server.address() as AddressInfo).port;
    this.loopDelay.enable();
    return this;
  }

  url(index: number): string {
    return `http://${hostAddress(index % this.hosts)}:${this.port}/feed/${index}`;
  }

  /** Starts a new round's counts. */
  resetCounts(): void {
    this.requestsByFeed = new Map();
    this.peakPerHost = 0;
    this.shortestGapMs = Infinity;
    this.loopDelay.reset();
  }

  /** The longest this process's event loop was late since the round began, in ms. */
  get loopDelayMaxMs(): number {
    return this.loopDelay.max / 1e6;
  }

  /** Feeds fetched more than once this round. */
  fetchedTwice(): number {
    return [...this.requestsByFeed.values()].filter((count) => count > 1).length;
  }

  async stop(): Promise<void> {
    this.loopDelay.disable();
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }

  private handle(request: IncomingMessage, response: ServerResponse): void {
    const index = Number(/^\/feed\/(\d+)$/.exec(request.url ?? '')?.[1] ?? -1);
    if (index < 0 || index >= this.feeds) return void response.writeHead(404).end();
    if (request.headers['user-agent'] !== BASELINE_AGENT) this.count(request, response, index);
    const kind = kindOf(index);
    const etag = `"feed-${index}"`;
    if (kind === 'not-modified' && request.headers['if-none-match'] === etag)
      return void response.writeHead(304, { etag }).end();
    const newest = 100 + (kind === 'new-post' ? this.edition : 0);
    const headers = { 'content-type': 'application/rss+xml', ...(kind === 'not-modified' ? { etag } : {}) };
    response.writeHead(200, headers).end(feedBody(index, newest));
  }

  private count(request: IncomingMessage, response: ServerResponse, index: number): void {
    this.requestsByFeed.set(index, (this.requestsByFeed.get(index) ?? 0) + 1);
    const host = (request.headers.host ?? '').split(':')[0];
    const now = performance.now();
    const last = this.lastStart.get(host);
    if (last !== undefined) this.shortestGapMs = Math.min(this.shortestGapMs, now - last);
    this.lastStart.set(host, now);
    const inFlight = (this.inFlight.get(host) ?? 0) + 1;
    this.inFlight.set(host, inFlight);
    this.peakPerHost = Math.max(this.peakPerHost, inFlight);
    response.once('close', () => this.inFlight.set(host, this.inFlight.get(host)! - 1));
  }
}

function feedBody(index: number, newest: number): string {
  const items = Array.from({ length: 10 }, (_, age) => {
    const n = newest - age;
    const date = new Date(Date.UTC(2026, 10, 1) + n * 3_600_000).toUTCString();
    return `<item><title>Post ${n} of feed ${index}</title><link>https://feed${index}.example/${n}</link><guid>feed${index}-${n}</guid><pubDate>${date}</pubDate><description>Body of post ${n}: ${'lorem ipsum '.repeat(20)}</description></item>`;
  }).join('');
  return `<?xml version="1.0"?><rss version="2.0"><channel><title>Feed ${index}</title><link>https://feed${index}.example/</link>${items}</channel></rss>`;
}
