import { Injectable } from '@nestjs/common';
import { SafeHttpClient } from '../../http/safe-http-client';

const MAX_ANSWER_BYTES = 64 * 1024;

export interface HubAnswer {
  status: number;
  body: string;
  /** Where the request ended after 307/308 redirects: the hub that answered. */
  url: string;
}

/**
 * Form POSTs to WebSub hubs and rssCloud servers through the fetcher's guarded client (SSRF checks,
 * timeouts, limits); a hub's 307/308 to another hub is followed, other redirects are its answer.
 */
@Injectable()
export class HubClient {
  constructor(private readonly http: SafeHttpClient) {}

  async postForm(url: string, form: Record<string, string>): Promise<HubAnswer> {
    const answer = await this.http.fetch(url, {
      accept: '*/*',
      maxBytes: MAX_ANSWER_BYTES,
      userAgent: 'Tidings/0.1 (+push)',
      post: { contentType: 'application/x-www-form-urlencoded', body: new URLSearchParams(form).toString() },
    });
    return { status: answer.status, body: answer.body.toString('utf8'), url: answer.finalUrl };
  }
}
