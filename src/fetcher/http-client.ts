import { Inject, Injectable } from '@nestjs/common';
import { request } from 'undici';
import { CONFIG } from '../config/config.module';
import { Config } from '../config/load-config';

export interface FetchedBody {
  status: number;
  body: string;
  headers: Record<string, string | string[] | undefined>;
}

export class FetchError extends Error {
  constructor(
    readonly kind: string,
    message: string,
  ) {
    super(message);
    this.name = 'FetchError';
  }
}

/** A plain GET with a size limit and a timeout. */
@Injectable()
export class HttpClient {
  constructor(@Inject(CONFIG) private readonly config: Config) {}

  async get(url: string): Promise<FetchedBody> {
    const response = await request(url, {
      method: 'GET',
      headers: {
        'user-agent': 'Tidings/0.1 (+feed-to-email)',
        accept: 'application/rss+xml, application/atom+xml, application/xml;q=0.9, */*;q=0.8',
      },
      headersTimeout: this.config.FETCH_TIMEOUT_MS,
      bodyTimeout: this.config.FETCH_TIMEOUT_MS,
      maxRedirections: 0,
    } as never).catch((error: Error) => {
      throw new FetchError('network', `${url}: ${error.message}`);
    });
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of response.body) {
      size += chunk.length;
      if (size > this.config.FETCH_MAX_BYTES) {
        response.body.destroy();
        throw new FetchError('too-large', `${url}: the body exceeds ${this.config.FETCH_MAX_BYTES} bytes`);
      }
      chunks.push(chunk as Buffer);
    }
    return {
      status: response.statusCode,
      headers: response.headers,
      body: Buffer.concat(chunks).toString('utf8'),
    };
  }
}
