import { Controller, Get, Header, Req, UseFilters, UseGuards } from '@nestjs/common';
import { NotFoundError } from '../common/errors';
import { SignedInGuard } from './auth/guards';
import { WebViews } from './views/web-views';
import { WebExceptionsFilter } from './web-exceptions.filter';
import { WebRequest } from './web-request';

/** A placeholder that keeps the navigation whole until the support pages are merged. */
@Controller()
@UseGuards(SignedInGuard)
@UseFilters(WebExceptionsFilter)
export class PendingPagesController {
  constructor(private readonly views: WebViews) {}

  @Get('support')
  @Header('Content-Type', 'text/html; charset=utf-8')
  support(@Req() request: WebRequest): string {
    if (request.web.user!.role !== 'support') throw new NotFoundError('There is no such page.');
    return this.views.render(request.web, 'pending', { title: 'Support' }, '/support');
  }
}
