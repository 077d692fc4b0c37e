import { Inject, Injectable } from '@nestjs/common';
import { request } from 'undici';
import { CONFIG } from '../../config/config.module';
import { Config } from '../../config/load-config';

const MAX_HOPS = 5;
const MAX_ANSWER_BYTES = 64 * 1024;

export interface HubAnswer {
  status: number;
  body: string;
  /** Where the request ended after 307/308 redirects: the hub that answered. */
  url: string;
}

/**
 * Form POSTs to WebSub hubs and rssCloud servers. Follows 307/308 (which keep the method and body) to
 * another hub, never other redirects. TODO at merge: send through the fetcher's SSRF-guarded client.
 */
@Injectable()
export class HubClient {
  constructor(@Inject(CONFIG) private readonly config: Config) {}

  async postForm(url: string, form: Record<string, string>): Promise<HubAnswer> {
    let target = url;
    for (let hop = 0; ; hop++) {
      const response = await request(target, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': 'Tidings/0.1 (+push)' },
        body: new URLSearchParams(form).toString(),
        headersTimeout: this.config.FETCH_TIMEOUT_MS,
        bodyTimeout: this.config.FETCH_TIMEOUT_MS,
      });
      const body = await readCapped(response.body);
      const location = response.headers.location;
      if ((response.statusCode === 307 || response.statusCode === 308) && typeof location === 'string') {
        if (hop >= MAX_HOPS) throw new Error(`${url}: too many redirects`);
        target = new URL(location, target).toString();
        continue;
      }
      return { status: response.statusCode, body, url: target };
    }
  }
}

async function readCapped(body: AsyncIterable<Buffer> & { destroy(): void }): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > MAX_ANSWER_BYTES) {
      body.destroy();
      break;
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}
