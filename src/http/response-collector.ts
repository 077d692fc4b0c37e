import { Dispatcher } from 'undici';
import { FetchError } from './fetch-error';

export interface CollectedResponse {
  statusCode: number;
  headers: Record<string, string | string[] | undefined>;
  /** The body as it came over the wire (not decompressed). */
  body: Buffer;
}

/**
 * An undici dispatch handler that gathers one response into memory, up to `maxBytes`. Feeds are small
 * and wanted whole: this skips the response stream and the AbortSignal that `request()` builds for every
 * exchange, which cost more than the exchange itself on a 304.
 */
export class ResponseCollector implements Dispatcher.DispatchHandler {
  readonly done: Promise<CollectedResponse>;
  private resolve!: (response: CollectedResponse) => void;
  private reject!: (error: unknown) => void;
  private controller: Dispatcher.DispatchController | null = null;
  private pendingAbort: Error | null = null;
  private statusCode = 0;

  /** Whether the response's status line arrived. */
  get answered(): boolean {
    return this.statusCode !== 0;
  }
  private headers: CollectedResponse['headers'] = {};
  private readonly chunks: Buffer[] = [];
  private size = 0;

  constructor(
    private readonly url: string,
    private readonly maxBytes: number,
    private readonly onSent?: () => void,
  ) {
    this.done = new Promise((resolve, reject) => {
      this.resolve = resolve;
      this.reject = reject;
    });
  }

  /** Ends the exchange with `reason`; before the request has started, as soon as it starts. */
  abort(reason: Error): void {
    if (this.controller) this.controller.abort(reason);
    else this.pendingAbort = reason;
  }

  /** Called as the request is written to its connection. */
  onRequestStart(controller: Dispatcher.DispatchController): void {
    this.controller = controller;
    if (this.pendingAbort) controller.abort(this.pendingAbort);
    else this.onSent?.();
  }

  onResponseStart(
    _controller: Dispatcher.DispatchController,
    statusCode: number,
    headers: CollectedResponse['headers'],
  ): void {
    this.statusCode = statusCode;
    this.headers = headers;
  }

  onResponseData(controller: Dispatcher.DispatchController, chunk: Buffer): void {
    this.size += chunk.length;
    if (this.size > this.maxBytes)
      controller.abort(new FetchError('too-large', `${this.url}: the body exceeds ${this.maxBytes} bytes`));
    else this.chunks.push(chunk);
  }

  onResponseEnd(): void {
    const body = this.chunks.length === 1 ? this.chunks[0] : Buffer.concat(this.chunks, this.size);
    this.resolve({ statusCode: this.statusCode, headers: this.headers, body });
  }

  onResponseError(_controller: Dispatcher.DispatchController, error: Error): void {
    this.reject(error);
  }
}
