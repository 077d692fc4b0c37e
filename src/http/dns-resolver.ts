import { Injectable } from '@nestjs/common';
import { lookup } from 'node:dns/promises';
import { performance } from 'node:perf_hooks';
import { RecentAnswers } from './domain/recent-answers';

/**
 * Every address a host name resolves to (the system resolver), so that each can be checked. Answers are
 * reused for a minute and failures for ten seconds: a poll round fetches many feeds of one host, and a
 * resolver that drops a query makes its asker wait seconds for the retry.
 */
@Injectable()
export class DnsResolver {
  private readonly recent = new RecentAnswers<readonly string[]>({
    answeredMs: 60_000,
    failedMs: 10_000,
    capacity: 10_000,
    now: () => performance.now(),
  });

  resolve(hostname: string): Promise<readonly string[]> {
    return this.recent.ask(hostname.toLowerCase(), async () => {
      const addresses = await lookup(hostname, { all: true, verbatim: true });
      return addresses.map((entry) => entry.address);
    });
  }
}
