import { createServer, IncomingHttpHeaders, Server, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';

export interface StubRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  form: URLSearchParams;
}

/**
 * A loopback server standing in for api.stripe.com: records each request, answers what the test set.
 * With `servesCheckout`, a session's URL is a page of this server that links straight back to the
 * session's success URL, like a payment made at once.
 */
export class StripeApiStub {
  readonly requests: StubRequest[] = [];
  /** The next answers, in order; once used up, a Checkout Session is created. */
  readonly replies: Array<{ status: number; body: object }> = [];
  private server!: Server;
  private sessionCount = 0;
  private readonly successUrls = new Map<string, string>();

  constructor(private readonly options: { servesCheckout?: boolean } = {}) {}

  async start(): Promise<this> {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const checkoutId = /^\/c\/pay\/([\w]+)$/.exec(request.url ?? '')?.[1];
        if (request.method === 'GET' && checkoutId) return this.checkoutPage(checkoutId, response);
        const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
        this.requests.push({
          method: request.method ?? '',
          path: request.url ?? '',
          headers: request.headers,
          form,
        });
        const reply = this.replies.shift() ?? this.sessionReply(form);
        response.writeHead(reply.status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(reply.body));
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return this;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private sessionReply(form: URLSearchParams) {
    this.sessionCount += 1;
    const id = `cs_test_stub_${this.sessionCount}`;
    const successUrl = form.get('success_url');
    if (successUrl) this.successUrls.set(id, successUrl.replace('{CHECKOUT_SESSION_ID}', id));
    const checkoutBase = this.options.servesCheckout ? this.url : 'https://checkout.stripe.test';
    return { status: 200, body: { id, object: 'checkout.session', url: `${checkoutBase}/c/pay/${id}` } };
  }

  private checkoutPage(id: string, response: ServerResponse): void {
    const successUrl = this.successUrls.get(id);
    if (!this.options.servesCheckout || !successUrl) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(
      `<!doctype html><title>Stripe Checkout stand-in</title><h1>Pay</h1><a href="${successUrl.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}">Pay and return</a>`,
    );
  }
}
