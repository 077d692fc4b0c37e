import { createServer, IncomingHttpHeaders, Server } from 'node:http';
import { AddressInfo } from 'node:net';

export interface StubRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  form: URLSearchParams;
}

/** A loopback server standing in for api.stripe.com: records each request, answers what the test set. */
export class StripeApiStub {
  readonly requests: StubRequest[] = [];
  /** The next answers, in order; once used up, a Checkout Session is created. */
  readonly replies: Array<{ status: number; body: object }> = [];
  private server!: Server;
  private sessionCount = 0;

  async start(): Promise<this> {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        this.requests.push({
          method: request.method ?? '',
          path: request.url ?? '',
          headers: request.headers,
          form: new URLSearchParams(Buffer.concat(chunks).toString('utf8')),
        });
        const reply = this.replies.shift() ?? this.sessionReply();
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

  private sessionReply() {
    this.sessionCount += 1;
    const id = `cs_test_stub_${this.sessionCount}`;
    return {
      status: 200,
      body: { id, object: 'checkout.session', url: `https://checkout.stripe.test/c/pay/${id}` },
    };
  }
}
