import { createServer, Server, Socket } from 'node:net';

/**
 * A loopback TCP proxy the test owns, in front of a shared server (MariaDB) that no test may stop:
 * `cut()` plays that server going away (every open connection dropped, new ones refused), `restore()`
 * its return on the same port.
 */
export class TcpProxy {
  port = 0;
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();

  constructor(
    private readonly targetPort: number,
    private readonly targetHost = '127.0.0.1',
  ) {}

  async start(): Promise<this> {
    const server = createServer((client) => this.forward(client));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (server.address() as { port: number }).port;
    this.server = server;
    return this;
  }

  /** Drops every connection and stops listening: connecting is refused until `restore`. */
  async cut(): Promise<void> {
    const server = this.server;
    this.server = null;
    const closed = server ? new Promise((resolve) => server.close(resolve)) : Promise.resolve();
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
    await closed;
  }

  restore(): Promise<this> {
    return this.start();
  }

  async stop(): Promise<void> {
    await this.cut();
  }

  private forward(client: Socket): void {
    const upstream = new Socket();
    for (const socket of [client, upstream]) {
      this.sockets.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => {
        this.sockets.delete(socket);
        client.destroy();
        upstream.destroy();
      });
    }
    upstream.connect(this.targetPort, this.targetHost, () => {
      client.pipe(upstream);
      upstream.pipe(client);
    });
  }
}
