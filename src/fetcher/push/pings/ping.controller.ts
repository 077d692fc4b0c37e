import { Body, Controller, Get, Header, HttpCode, Param, Post, Query, Req } from '@nestjs/common';
import { Request } from 'express';
import { NotFoundError, ValidationError } from '../../../common/errors';
import { Metrics } from '../../../common/metrics';
import { RssCloudService } from '../rsscloud/rss-cloud.service';
import { PingService } from './ping.service';

/** Plain HTTP pings, and rssCloud's challenge and notification at each registration's callback. */
@Controller()
export class PingController {
  constructor(
    private readonly pings: PingService,
    private readonly rssCloud: RssCloudService,
    private readonly metrics: Metrics,
  ) {}

  @Post('ping')
  @HttpCode(200)
  async ping(@Query('url') url: unknown, @Req() request: Request) {
    this.metrics.countPing('ping');
    if (typeof url !== 'string' || !url.trim()) throw new ValidationError('expected ?url=…');
    await this.pings.ping([url], request.ip ?? 'unknown');
    return { status: 'ok', message: 'Thanks for the ping.' };
  }

  @Get('rsscloud/:callbackId')
  @Header('content-type', 'text/plain; charset=utf-8')
  challenge(
    @Param('callbackId') callbackId: string,
    @Query('url') url: unknown,
    @Query('challenge') challenge: unknown,
  ): Promise<string> {
    return this.rssCloud.challenge(callbackId, url, challenge);
  }

  @Post('rsscloud/:callbackId')
  @HttpCode(200)
  async notify(@Param('callbackId') callbackId: string, @Body() body: unknown, @Req() request: Request) {
    this.metrics.countPing('rsscloud');
    if (!(await this.rssCloud.isRegistration(callbackId))) throw new NotFoundError('no such registration');
    const url = (body as { url?: unknown } | undefined)?.url;
    if (typeof url !== 'string' || !url.trim()) throw new ValidationError('expected url=…');
    await this.pings.ping([url], request.ip ?? 'unknown');
    return { status: 'ok' };
  }
}
