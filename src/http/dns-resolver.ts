import { Injectable } from '@nestjs/common';
import { lookup } from 'node:dns/promises';

/** Every address a host name resolves to (the system resolver), so that each can be checked. */
@Injectable()
export class DnsResolver {
  async resolve(hostname: string): Promise<string[]> {
    const addresses = await lookup(hostname, { all: true, verbatim: true });
    return addresses.map((entry) => entry.address);
  }
}
