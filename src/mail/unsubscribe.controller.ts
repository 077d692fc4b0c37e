import { Controller, Get, Header, HttpCode, Param, Post } from '@nestjs/common';
import { unsubscribeConfirmPage, unsubscribeDonePage } from './domain/unsubscribe-page';
import { UnsubscribeService } from './unsubscribe.service';

/**
 * `List-Unsubscribe` target. GET shows a button and changes nothing (link scanners follow GETs);
 * POST unsubscribes at once, with no cookie, login or redirect (RFC 8058). Mail providers send
 * `List-Unsubscribe=One-Click` as urlencoded or multipart: any POST with a valid token counts.
 */
@Controller('unsubscribe')
export class UnsubscribeController {
  constructor(private readonly unsubscribes: UnsubscribeService) {}

  @Get(':token')
  @Header('Content-Type', 'text/html; charset=utf-8')
  @Header('Cache-Control', 'no-store')
  @Header('Referrer-Policy', 'no-referrer')
  confirm(@Param('token') token: string): string {
    this.unsubscribes.check(token);
    return unsubscribeConfirmPage(`/unsubscribe/${token}`);
  }

  @Post(':token')
  @HttpCode(200)
  @Header('Content-Type', 'text/html; charset=utf-8')
  @Header('Cache-Control', 'no-store')
  @Header('Referrer-Policy', 'no-referrer')
  async unsubscribe(@Param('token') token: string): Promise<string> {
    await this.unsubscribes.unsubscribe(token);
    return unsubscribeDonePage();
  }
}
