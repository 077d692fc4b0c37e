import { Controller, Headers, HttpCode, Inject, Post, Req } from '@nestjs/common';
import { createHash, timingSafeEqual } from 'node:crypto';
import { IncomingMessage } from 'node:http';
import { CONFIG } from '../config/config.module';
import { Config } from '../config/load-config';
import { InboundMailService, InboundOutcome } from './inbound-mail.service';
import { readRawBody } from './read-raw-body';
import { UnauthorizedError } from '../common/errors';
import { UnsupportedMediaTypeError } from './support-errors';

/** Inbound mail forwarded by a provider's webhook: the raw MIME message as the body. */
@Controller('support')
export class SupportInboundController {
  constructor(
    @Inject(CONFIG) private readonly config: Config,
    private readonly inbound: InboundMailService,
  ) {}

  @Post('inbound')
  @HttpCode(202)
  async receive(
    @Req() request: IncomingMessage,
    @Headers('authorization') authorization: string | undefined,
    @Headers('content-type') contentType: string | undefined,
  ): Promise<InboundOutcome> {
    if (!isBearer(this.config.SUPPORT_WEBHOOK_SECRET, authorization))
      throw new UnauthorizedError('a valid bearer secret is required');
    if (!/^\s*(message\/rfc822|text\/plain|application\/octet-stream)\s*(;|$)/i.test(contentType ?? ''))
      throw new UnsupportedMediaTypeError('send the raw message as message/rfc822');
    return this.inbound.receive(await readRawBody(request, this.config.INBOUND_MAX_BYTES), null);
  }
}

/** Compared as fixed-length digests in constant time; no secret configured refuses everyone. */
function isBearer(secret: string | undefined, authorization: string | undefined): boolean {
  const given = /^Bearer (.+)$/.exec(authorization ?? '')?.[1];
  if (!secret || !given) return false;
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(secret));
}
