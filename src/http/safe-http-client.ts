import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import { promisify } from 'node:util';
import { brotliDecompress, gunzip, inflate, inflateRaw, ZlibOptions } from 'node:zlib';
import type { Agent } from 'undici';
import { CONFIG } from '../config/config.module';
import { Config } from '../config/load-config';
import { isSameOrigin, requestTarget } from './domain/request-target';
import { DnsResolver } from './dns-resolver';
import { FetchError } from './fetch-error';
import { guardedConnector } from './guarded-connector';
import { CollectedResponse, ResponseCollector } from './response-collector';

export interface SafeFetchOptions {
  accept: string;
  /** Largest body after decompression; FETCH_MAX_BYTES by default. */
  maxBytes?: number;
  etag?: string | null;
  lastModified?: string | null;
  userAgent?: string;
  /**
   * An `Authorization` header (a feed behind a login): sent to the URL's own origin only, and dropped
   * for good at a redirect to another origin, as browsers do, so that no other host ever sees it.
   */
  authorization?: string | null;
  /** Sends this body with POST (WebSub hubs, rssCloud); only 307/308, which keep method and body, are followed. */
  post?: { contentType: string; body: string };
  /** Told as each request is written to its connection (the per-host gap runs from then). */
  onSent?: () => void;
}

export interface SafeFetchResponse {
  status: number;
  /** Where the body came from after redirects. */
  finalUrl: string;
  /** Where the leading run of permanent redirects (301/308) led: the URL to store; null without one. */
  permanentUrl: string | null;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

type Headers = SafeFetchResponse['headers'];
const FOLLOWED_AFTER_GET = [301, 302, 303, 307, 308];
const FOLLOWED_AFTER_POST = [307, 308];
const decoders: Record<string, (buffer: Buffer, options: ZlibOptions) => Promise<Buffer>> = {
  gzip: promisify(gunzip),
  'x-gzip': promisify(gunzip),
  br: promisify(brotliDecompress),
  deflate: (buffer, options) =>
    promisify(inflate)(buffer, options).catch(() => promisify(inflateRaw)(buffer, options)),
};

/**
 * The one way Tidings fetches from the internet: http(s) only, every resolved address checked at connect
 * time (redirects included), connect/idle/total timeouts, a body limit after decompression, at most
 * FETCH_MAX_REDIRECTS redirects with loop detection. No cookies, no referrer. GET, or a POST of a small body.
 */
@Injectable()
export class SafeHttpClient implements OnModuleDestroy {
  private agent: Agent | null = null;

  constructor(
    @Inject(CONFIG) private readonly config: Config,
    private readonly resolver: DnsResolver,
  ) {}

  async onModuleDestroy(): Promise<void> {
    await this.agent?.close();
  }

  /** A serving process makes its agent at start, not in the middle of its first poll (see `warm`). */
  warm(): void {
    this.dispatcher();
  }

  /** Made on the first fetch: undici takes a sixth of a second to load, and most CLI commands fetch nothing. */
  private dispatcher(): Agent {
    if (!this.agent) {
      const { Agent } = require('undici') as typeof import('undici');
      this.agent = new Agent({
        connect: guardedConnector(this.resolver, {
          allowPrivate: this.config.FETCH_ALLOW_PRIVATE,
          connectTimeoutMs: this.config.FETCH_CONNECT_TIMEOUT_MS,
        }),
        headersTimeout: this.config.FETCH_IDLE_TIMEOUT_MS,
        bodyTimeout: this.config.FETCH_IDLE_TIMEOUT_MS,
        connections: this.config.FETCH_PER_HOST,
      });
    }
    return this.agent;
  }

  async fetch(url: string, options: SafeFetchOptions): Promise<SafeFetchResponse> {
    const deadline = new Deadline(url, this.config.FETCH_TIMEOUT_MS);
    try {
      return await this.follow(url, options, deadline);
    } finally {
      deadline.clear();
    }
  }

  private async follow(
    url: string,
    options: SafeFetchOptions,
    deadline: Deadline,
  ): Promise<SafeFetchResponse> {
    const visited = new Set<string>();
    const maxBytes = options.maxBytes ?? this.config.FETCH_MAX_BYTES;
    let current = url;
    let permanentUrl: string | null = null;
    let isLeadingPermanentRun = true;
    let authorization = options.authorization ?? null;
    for (let redirects = 0; ; redirects += 1) {
      if (visited.has(current)) throw new FetchError('redirect-loop', `redirect loop at ${current}`);
      visited.add(current);
      const response = await this.exchange(current, { ...options, authorization }, maxBytes, deadline);
      const location = headerValue(response.headers, 'location');
      const followed = options.post ? FOLLOWED_AFTER_POST : FOLLOWED_AFTER_GET;
      if (!followed.includes(response.statusCode) || !location) {
        return {
          status: response.statusCode,
          finalUrl: current,
          permanentUrl,
          headers: response.headers,
          body: await decodeBody(response, maxBytes, current),
        };
      }
      if (redirects >= this.config.FETCH_MAX_REDIRECTS)
        throw new FetchError(
          'too-many-redirects',
          `more than ${this.config.FETCH_MAX_REDIRECTS} redirects from ${url}`,
        );
      const next = resolveLocation(location, current);
      if (!isSameOrigin(current, next)) authorization = null;
      current = next;
      isLeadingPermanentRun &&= response.statusCode === 301 || response.statusCode === 308;
      if (isLeadingPermanentRun) permanentUrl = current;
    }
  }

  /**
   * One request and its whole response, the body as sent (compressed or not). A GET reset before any byte
   * of its answer is sent once more: a server closing an idle kept-alive connection just as we reuse it is
   * the usual cause, and a new connection answers.
   */
  private async exchange(
    url: string,
    options: SafeFetchOptions,
    maxBytes: number,
    deadline: Deadline,
  ): Promise<CollectedResponse> {
    const first = this.attempt(url, options, maxBytes, deadline);
    if (options.post) return first.done;
    return first.done.catch((error: unknown) => {
      if (first.answered() || !isConnectionReset(error)) throw error;
      return this.attempt(url, options, maxBytes, deadline).done;
    });
  }

  private attempt(
    url: string,
    options: SafeFetchOptions,
    maxBytes: number,
    deadline: Deadline,
  ): { done: Promise<CollectedResponse>; answered: () => boolean } {
    const target = requestTarget(url);
    if (!target) throw new FetchError('bad-url', `${url} is not an http(s) URL`);
    const headers: Record<string, string> = {
      'user-agent': options.userAgent ?? 'Tidings',
      accept: options.accept,
      'accept-encoding': 'gzip, deflate, br',
    };
    if (options.etag) headers['if-none-match'] = options.etag;
    if (options.lastModified) headers['if-modified-since'] = options.lastModified;
    if (options.authorization) headers.authorization = options.authorization;
    if (options.post) headers['content-type'] = options.post.contentType;
    const collector = new ResponseCollector(url, maxBytes, options.onSent);
    deadline.watch(collector);
    const method = options.post ? 'POST' : 'GET';
    this.dispatcher().dispatch({ ...target, method, headers, body: options.post?.body }, collector);
    const done = collector.done.catch((error: unknown) => {
      throw asFetchError(error, url);
    });
    return { done, answered: () => collector.answered };
  }
}

/** The total timeout of one fetch, redirects included: it ends whichever exchange is under way. */
class Deadline {
  private readonly timer: NodeJS.Timeout;
  private current: ResponseCollector | null = null;
  private expired: FetchError | null = null;

  constructor(url: string, timeoutMs: number) {
    this.timer = setTimeout(() => {
      this.expired = new FetchError(
        'timeout',
        `${url}: timed out (the total timeout of ${timeoutMs} ms passed)`,
      );
      this.current?.abort(this.expired);
    }, timeoutMs);
  }

  watch(collector: ResponseCollector): void {
    this.current = collector;
    if (this.expired) collector.abort(this.expired);
  }

  clear(): void {
    clearTimeout(this.timer);
  }
}

/** The body decompressed as `content-encoding` says, still within `maxBytes`. */
function decodeBody(response: CollectedResponse, maxBytes: number, url: string): Promise<Buffer> | Buffer {
  const encoding = headerValue(response.headers, 'content-encoding')?.trim().toLowerCase();
  const decode = encoding ? decoders[encoding] : undefined;
  if (!decode) return response.body;
  return decode(response.body, { maxOutputLength: maxBytes }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ERR_BUFFER_TOO_LARGE' || error instanceof RangeError)
      throw new FetchError('too-large', `${url}: the body exceeds ${maxBytes} bytes once decompressed`);
    throw new FetchError('network', `${url}: cannot decode ${encoding}: ${error.message}`);
  });
}

function headerValue(headers: Headers, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function resolveLocation(location: string, from: string): string {
  try {
    return new URL(location, from).toString();
  } catch {
    throw new FetchError('bad-url', `unreadable redirect location ${JSON.stringify(location)}`);
  }
}

/** Kept as a FetchError's `cause`, so a reset is told from other network failures. */
function isConnectionReset(error: unknown): boolean {
  const code = ((error as { cause?: { code?: string } }).cause ?? {}).code;
  return code === 'ECONNRESET' || code === 'UND_ERR_SOCKET' || code === 'EPIPE';
}

function asFetchError(error: unknown, url: string): FetchError {
  if (error instanceof FetchError) return error;
  const cause = (error as { cause?: unknown }).cause;
  if (cause instanceof FetchError) return cause;
  const { name, code, message } = error as { name?: string; code?: string; message?: string };
  if (name === 'TimeoutError' || name === 'AbortError' || /TIMEOUT/.test(code ?? ''))
    return new FetchError('timeout', `${url}: timed out (${message})`);
  return new FetchError('network', `${url}: ${message ?? String(error)}`, { cause: error });
}
