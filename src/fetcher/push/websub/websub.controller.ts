import { Controller, Get, Header, HttpCode, Inject, Param, Post, Query, Req } from '@nestjs/common';
import { Request } from 'express';
import { CONFIG } from '../../../config/config.module';
import { Config } from '../../../config/load-config';
import { Metrics } from '../../../common/metrics';
import { readRawBody } from '../raw-body';
import { WebSubService } from './websub.service';

/** Our WebSub callback: the hub's verification of intent (GET) and content distribution (POST). */
@Controller('websub')
export class WebSubController {
  constructor(
    private readonly websub: WebSubService,
    private readonly metrics: Metrics,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  @Get(':callbackId')
  @Header('content-type', 'text/plain; charset=utf-8')
  verify(@Param('callbackId') callbackId: string, @Query() query: Record<string, unknown>): Promise<string> {
    return this.websub.verify(callbackId, query);
  }

  /** Always 2xx for a known callback, even when ignored: a hub must not learn which signatures pass. */
  @Post(':callbackId')
  @HttpCode(202)
  async receive(@Param('callbackId') callbackId: string, @Req() request: Request): Promise<string> {
    this.metrics.countPing('websub');
    const body = await readRawBody(request, this.config.FETCH_MAX_BYTES);
    const signature = request.header('x-hub-signature');
    await this.websub.receive(callbackId, body, signature, request.header('content-type'));
    return '';
  }
}
