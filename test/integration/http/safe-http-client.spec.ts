import { IncomingMessage, ServerResponse } from 'node:http';
import { createServer, Socket } from 'node:net';
import { brotliCompressSync, deflateRawSync, deflateSync, gzipSync } from 'node:zlib';
import { loadConfig } from '../../../src/config/load-config';
import { DnsResolver } from '../../../src/http/dns-resolver';
import { FetchError } from '../../../src/http/fetch-error';
import { SafeHttpClient } from '../../../src/http/safe-http-client';
import { FeedServer } from '../../support/feed-server';

/** Stands in for DNS: answers what the test says a name resolves to. */
class FixedDns extends DnsResolver {
  constructor(private readonly answers: Record<string, string[]>) {
    super();
  }
  override async resolve(hostname: string): Promise<string[]> {
    return this.answers[hostname] ?? [];
  }
}

const accept = 'application/rss+xml';
const base = {
  LOG_LEVEL: 'silent',
  FETCH_TIMEOUT_MS: '3000',
  FETCH_IDLE_TIMEOUT_MS: '300',
  FETCH_CONNECT_TIMEOUT_MS: '300',
  FETCH_MAX_BYTES: '65536',
};
const client = (env: Record<string, string> = {}, dns = new FixedDns({})) =>
  new SafeHttpClient(loadConfig({ ...base, FETCH_ALLOW_PRIVATE: 'true', ...env }), dns);

async function failure(promise: Promise<unknown>): Promise<FetchError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(FetchError);
  return error as FetchError;
}

describe('SafeHttpClient', () => {
  let server: FeedServer;
  const clients: SafeHttpClient[] = [];
  const make = (...args: Parameters<typeof client>) => {
    const made = client(...args);
    clients.push(made);
    return made;
  };

  beforeAll(async () => {
    server = await new FeedServer().start();
  });
  afterAll(async () => {
    await Promise.all(clients.map((made) => made.onModuleDestroy()));
    await server.stop();
  });
  beforeEach(() => server.requests.splice(0));

  it('sends the validators byte for byte, and none it was not given; no cookie, no referrer', async () => {
    server.set('/v', { body: 'x' });
    const etag = 'W/"a b\\"c"';
    const lastModified = 'Sun, 22 Nov 2026 09:00:00 GMT';
    await make().fetch(server.url('/v'), { accept, etag, lastModified, userAgent: 'Tidings/test' });
    await make().fetch(server.url('/v'), { accept });
    const [withValidators, without] = server.requests;
    expect(withValidators.headers['if-none-match']).toBe(etag);
    expect(withValidators.headers['if-modified-since']).toBe(lastModified);
    expect(withValidators.headers['user-agent']).toBe('Tidings/test');
    expect(withValidators.headers['accept-encoding']).toBe('gzip, deflate, br');
    expect(without.headers).not.toHaveProperty('if-none-match');
    expect(without.headers).not.toHaveProperty('if-modified-since');
    expect(without.headers).not.toHaveProperty('cookie');
    expect(without.headers).not.toHaveProperty('referer');
  });

  it('requests the path exactly as stored', async () => {
    server.set('/Feed/%7Euser/./x?b=2&a=%41', { body: 'ok' });
    const response = await make().fetch(server.url('/Feed/%7Euser/./x?b=2&a=%41'), { accept });
    expect(server.requests[0].url).toBe('/Feed/%7Euser/./x?b=2&a=%41');
    expect(response.body.toString()).toBe('ok');
  });

  it.each([
    ['gzip', gzipSync],
    ['deflate', deflateSync],
    ['deflate', deflateRawSync],
    ['br', brotliCompressSync],
  ] as const)('decodes %s', async (encoding, compress) => {
    server.set(`/${encoding}`, {
      headers: { 'content-encoding': encoding },
      body: compress(Buffer.from('<rss/>')),
    });
    expect((await make().fetch(server.url(`/${encoding}`), { accept })).body.toString()).toBe('<rss/>');
  });

  it('refuses a body over the limit, and a gzip bomb over the limit once decompressed', async () => {
    server.set('/big', { body: Buffer.alloc(70_000, 'a') });
    server.set('/bomb', {
      headers: { 'content-encoding': 'gzip' },
      body: gzipSync(Buffer.alloc(5_000_000)),
    });
    expect((await failure(make().fetch(server.url('/big'), { accept }))).kind).toBe('too-large');
    expect((await failure(make().fetch(server.url('/bomb'), { accept }))).kind).toBe('too-large');
    expect((await failure(make().fetch(server.url('/big'), { accept, maxBytes: 1000 }))).kind).toBe(
      'too-large',
    );
  });

  it('follows redirects, reports the URL of a leading permanent run, and stops loops and long chains', async () => {
    const redirect = (status: number, to: string) => ({ status, headers: { location: to } });
    server.set('/p1', redirect(301, '/p2'));
    server.set('/p2', redirect(308, server.url('/t1')));
    server.set('/t1', redirect(302, '/final'));
    server.set('/final', { body: 'here' });
    const response = await make().fetch(server.url('/p1'), { accept });
    expect(response).toMatchObject({
      status: 200,
      finalUrl: server.url('/final'),
      permanentUrl: server.url('/t1'),
    });
    expect(response.body.toString()).toBe('here');
    expect((await make().fetch(server.url('/t1'), { accept })).permanentUrl).toBeNull();

    server.set('/loop-a', redirect(307, '/loop-b'));
    server.set('/loop-b', redirect(307, '/loop-a'));
    expect((await failure(make().fetch(server.url('/loop-a'), { accept }))).kind).toBe('redirect-loop');
    for (let hop = 0; hop < 7; hop += 1) server.set(`/chain${hop}`, redirect(302, `/chain${hop + 1}`));
    server.set('/chain7', { body: 'too far' });
    expect((await failure(make().fetch(server.url('/chain0'), { accept }))).kind).toBe('too-many-redirects');
    expect(server.requests.filter((request) => request.url.startsWith('/chain'))).toHaveLength(6);

    server.set('/to-file', redirect(302, 'file:///etc/passwd'));
    expect((await failure(make().fetch(server.url('/to-file'), { accept }))).kind).toBe('bad-url');
  });

  it('POSTs a body, follows 307/308 with the same method and body, and stops at other redirects', async () => {
    const received: string[] = [];
    const echo = (status: number, location?: string) => ({
      handler: (request: IncomingMessage, response: ServerResponse) => {
        const chunks: Buffer[] = [];
        request.on('data', (chunk: Buffer) => chunks.push(chunk));
        request.on('end', () => {
          received.push(
            `${request.method} ${request.url} ${request.headers['content-type']} ${Buffer.concat(chunks)}`,
          );
          response.writeHead(status, location ? { location } : {}).end(`answer of ${request.url}`);
        });
      },
    });
    server.set('/hub', echo(307, '/hub2'));
    server.set('/hub2', echo(308, server.url('/hub3')));
    server.set('/hub3', echo(202));
    server.set('/moved', echo(302, '/hub3'));
    const post = { contentType: 'application/x-www-form-urlencoded', body: 'hub.mode=subscribe' };
    const answer = await make().fetch(server.url('/hub'), { accept: '*/*', post });
    expect(answer).toMatchObject({ status: 202, finalUrl: server.url('/hub3') });
    expect(answer.body.toString()).toBe('answer of /hub3');
    expect(received).toEqual(
      ['/hub', '/hub2', '/hub3'].map((path) => `POST ${path} ${post.contentType} hub.mode=subscribe`),
    );
    const refused = await make().fetch(server.url('/moved'), { accept: '*/*', post });
    expect(refused).toMatchObject({ status: 302, finalUrl: server.url('/moved') });
    expect(received).toHaveLength(4);
  });

  it('times out a server that never answers, and one that stalls mid-body', async () => {
    server.set('/silent', { handler: () => undefined });
    server.set('/stall', { handler: (_, response) => response.writeHead(200).write('<rss>') });
    expect((await failure(make().fetch(server.url('/silent'), { accept }))).kind).toBe('timeout');
    expect((await failure(make().fetch(server.url('/stall'), { accept }))).kind).toBe('timeout');
  });

  it('gives up on the total timeout even when bytes keep trickling', async () => {
    server.set('/trickle', {
      handler: (_, response) => {
        response.writeHead(200);
        const timer = setInterval(() => response.write('.'), 50);
        response.on('close', () => clearInterval(timer));
      },
    });
    const slow = make({ FETCH_TIMEOUT_MS: '400', FETCH_IDLE_TIMEOUT_MS: '5000' });
    expect((await failure(slow.fetch(server.url('/trickle'), { accept }))).kind).toBe('timeout');
  });

  it('sends a GET again, once, on a fresh connection when a kept-alive one is reset under it', async () => {
    // The server's side of the race with keep-alive: it closes an idle connection just as our next request
    // goes out on it. Here every connection answers its first request and is reset on its second.
    const resetting = await resettingServer();
    try {
      const fetcher = make();
      const url = `http://127.0.0.1:${resetting.port}/feed`;
      for (let round = 0; round < 3; round += 1)
        expect((await fetcher.fetch(url, { accept })).body.toString()).toBe('<rss/>');
      expect(resetting.connections()).toBe(3);
      const post = { contentType: 'text/plain', body: 'x' };
      expect((await failure(fetcher.fetch(url, { accept, post }))).kind).toBe('network');
    } finally {
      await resetting.close();
    }
  });

  describe('with FETCH_ALLOW_PRIVATE=false', () => {
    const guarded = () =>
      make(
        { FETCH_ALLOW_PRIVATE: 'false' },
        new FixedDns({
          'rebind.test': ['93.184.216.34', '127.0.0.1'],
          'metadata.test': ['169.254.169.254'],
          'v6.test': ['::1'],
        }),
      );

    it.each([
      'http://127.0.0.1',
      'http://2130706433',
      'http://0x7f.1',
      'http://0177.0.0.1',
      'http://127.1',
      'http://[::1]',
      'http://[::ffff:127.0.0.1]',
      'http://[::ffff:7f00:1]',
      'http://0.0.0.0',
      'http://localhost',
      'http://rebind.test',
      'http://metadata.test',
      'http://v6.test',
      'http://10.0.0.1',
      'http://192.168.1.1',
      'http://100.64.0.1',
      'http://[fe80::1]',
    ])('refuses %s without connecting', async (origin) => {
      server.set('/feed', { body: 'secret' });
      const url = `${origin}:${server.port}/feed`;
      const error = await failure(guarded().fetch(url, { accept }));
      expect(error.kind).toBe('blocked');
      const post = { contentType: 'text/plain', body: 'x' };
      expect((await failure(guarded().fetch(url, { accept, post }))).kind).toBe('blocked');
      expect(server.requests).toHaveLength(0);
    });

    it.each(['file:///etc/passwd', 'ftp://example.com/feed', 'gopher://example.com/'])(
      'refuses %s',
      async (url) => {
        expect((await failure(guarded().fetch(url, { accept }))).kind).toBe('bad-url');
      },
    );
  });
});

/** Answers the first request of each connection with keep-alive and resets the connection on the next. */
async function resettingServer() {
  const sockets = new Set<Socket>();
  let accepted = 0;
  const server = createServer((socket) => {
    accepted += 1;
    sockets.add(socket);
    let requests = 0;
    socket.on('data', (chunk) => {
      if (!chunk.includes('\r\n\r\n')) return;
      requests += 1;
      if (requests > 1) return void socket.resetAndDestroy();
      socket.write(
        'HTTP/1.1 200 OK\r\nContent-Type: application/rss+xml\r\nContent-Length: 6\r\n' +
          'Connection: keep-alive\r\nKeep-Alive: timeout=60\r\n\r\n<rss/>',
      );
    });
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as { port: number }).port,
    connections: () => accepted,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
