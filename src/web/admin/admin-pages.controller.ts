import { Body, Controller, Get, Header, Post, Query, Req, Res, UseFilters, UseGuards } from '@nestjs/common';
import { Response } from 'express';
import { NotFoundError, ValidationError } from '../../common/errors';
import { OutboxService } from '../../mail/outbox.service';
import { CsrfGuard } from '../auth/guards';
import { WebViews } from '../views/web-views';
import { WebExceptionsFilter } from '../web-exceptions.filter';
import { WebRequest } from '../web-request';
import { AdminOverview } from './admin-overview.service';
import { canSee } from '../../accounts/domain/staff-roles';

const NOTICES: Record<string, string> = {
  lifted: 'Suppression lifted: the emails that waited for it are queued again.',
};
const MAX_SEARCH = 320;

/**
 * Operators only (role `admin`): the service at a glance, failing feeds, waiting mail, suppressions, users.
 * Anyone else, signed in or not, gets the 404 of a page that does not exist (no redirect to sign in that
 * would tell the page is there); a POST without its form token is the 403 of every form.
 */
@Controller('admin')
@UseGuards(CsrfGuard)
@UseFilters(WebExceptionsFilter)
export class AdminPagesController {
  constructor(
    private readonly overview: AdminOverview,
    private readonly outbox: OutboxService,
    private readonly views: WebViews,
  ) {}

  @Get()
  @Header('Content-Type', 'text/html; charset=utf-8')
  async status(
    @Req() request: WebRequest,
    @Query('notice') notice?: string,
    @Query('q') search?: string,
  ): Promise<string> {
    const timezone = requireAdmin(request);
    const query = typeof search === 'string' ? search.trim() : '';
    if (query.length > MAX_SEARCH) throw new ValidationError(`search: at most ${MAX_SEARCH} characters`);
    return this.views.render(
      request.web,
      'admin',
      {
        title: 'Status',
        notice: notice ? NOTICES[notice] : undefined,
        ...(await this.overview.overview(timezone)),
        query,
        users: query ? await this.overview.searchUsers(query, timezone) : undefined,
      },
      '/admin',
    );
  }

  @Post('suppressions/lift')
  async lift(@Req() request: WebRequest, @Res() response: Response, @Body() body: Record<string, unknown>) {
    requireAdmin(request);
    const address = typeof body.address === 'string' ? body.address.trim() : '';
    if (!address || address.length > 320)
      throw new ValidationError('address: expected the suppressed address');
    await this.outbox.liftSuppression(address);
    this.outbox.flushSoon('a lifted suppression');
    response.redirect(303, '/admin?notice=lifted');
  }
}

/** Anyone else gets the same answer as for a page that does not exist. Returns the admin's timezone. */
function requireAdmin(request: WebRequest): string {
  const user = request.web.user;
  if (!user || !canSee('admin', user.role)) throw new NotFoundError('There is no such page.');
  return user.timezone;
}
