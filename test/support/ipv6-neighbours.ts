import { execFile } from 'node:child_process';
import { request } from 'node:http';
import { randomInt } from 'node:crypto';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * IPv6 addresses of one /64 (a random one of the documentation prefix 2001:db8::/32) put on the loopback
 * interface for a spec (`ip -6 addr add`, which needs CAP_NET_ADMIN, as the test network grants), so
 * that a client can send from each of them to a server listening on every address, as a host given a
 * whole /64 can. `neighbour` is one address of the next /64.
 */
export class Ipv6Neighbours {
  readonly prefix = `2001:db8:${randomInt(0x1000, 0xffff).toString(16)}:${randomInt(0x100, 0xfff).toString(16)}`;
  readonly addresses: string[];
  readonly neighbour: string;
  private added: string[] = [];

  constructor(count: number) {
    this.addresses = Array.from(
      { length: count },
      (_, index) => `${this.prefix}::${(index + 1).toString(16)}`,
    );
    const [a, b, c, d] = this.prefix.split(':');
    this.neighbour = `${a}:${b}:${c}:${(parseInt(d, 16) + 1).toString(16)}::1`;
  }

  async add(): Promise<void> {
    for (const address of [...this.addresses, this.neighbour]) {
      await run('ip', ['-6', 'addr', 'add', `${address}/128`, 'dev', 'lo']);
      this.added.push(address);
    }
  }

  async remove(): Promise<void> {
    for (const address of this.added.splice(0))
      await run('ip', ['-6', 'addr', 'del', `${address}/128`, 'dev', 'lo']).catch(() => undefined);
  }
}

/** POSTs a form to `[::1]:port` from `localAddress`, with the given Cookie header; resolves the status. */
export function postFormFrom(
  localAddress: string,
  port: number,
  path: string,
  form: Record<string, string>,
  cookie: string,
): Promise<number> {
  const body = new URLSearchParams(form).toString();
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        host: '::1',
        port,
        path,
        method: 'POST',
        localAddress,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'content-length': Buffer.byteLength(body),
          cookie,
        },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}
