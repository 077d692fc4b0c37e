import {
  Body,
  Controller,
  Get,
  Header,
  Param,
  Post,
  Query,
  Req,
  Res,
  UseFilters,
  UseGuards,
} from '@nestjs/common';
import { Response } from 'express';
import { NotFoundError, ValidationError } from '../../common/errors';
import { OutboxService } from '../../mail/outbox.service';
import { SupportService } from '../../support/support.service';
import { CsrfGuard } from '../auth/guards';
import { formatInstant } from '../domain/format';
import { WebViews } from '../views/web-views';
import { WebExceptionsFilter } from '../web-exceptions.filter';
import { WebRequest } from '../web-request';
import { SupportContext } from './support-context.service';
import { canSee } from '../../accounts/domain/staff-roles';

/** Support staff only: the threads, one thread with the user's context, and a reply box. */
@Controller('support')
@UseGuards(CsrfGuard)
@UseFilters(WebExceptionsFilter)
export class SupportPagesController {
  constructor(
    private readonly support: SupportService,
    private readonly context: SupportContext,
    private readonly outbox: OutboxService,
    private readonly views: WebViews,
  ) {}

  @Get()
  @Header('Content-Type', 'text/html; charset=utf-8')
  async threads(@Req() request: WebRequest): Promise<string> {
    requireAgent(request);
    const threads = await this.support.listThreads();
    return this.views.render(
      request.web,
      'support-threads',
      {
        title: 'Support',
        threads: threads.map((thread) => ({
          ...thread,
          updated: formatInstant(thread.updatedAt, request.web.user!.timezone),
        })),
      },
      '/support',
    );
  }

  @Get('threads/:id')
  @Header('Content-Type', 'text/html; charset=utf-8')
  async thread(
    @Req() request: WebRequest,
    @Param('id') id: string,
    @Query('notice') notice?: string,
  ): Promise<string> {
    requireAgent(request);
    return this.page(request, id, notice === 'sent' ? 'Reply sent.' : undefined);
  }

  /**
   * A file a reader sent, as a download only: never rendered from the dashboard's origin, whatever type
   * its sender declared (a crafted HTML or SVG "screenshot" would run as the dashboard).
   */
  @Get('attachments/:id')
  async attachment(@Req() request: WebRequest, @Res() response: Response, @Param('id') id: string) {
    requireAgent(request);
    const file = await this.support.attachment(id);
    response
      .status(200)
      .set({
        'Content-Type': 'application/octet-stream',
        'Content-Disposition': contentDisposition(file.filename),
        'X-Content-Type-Options': 'nosniff',
        'Content-Security-Policy': "default-src 'none'; sandbox",
        'Cache-Control': 'private, no-store',
      })
      .send(file.content);
  }

  @Post('threads/:id/reply')
  async reply(
    @Req() request: WebRequest,
    @Res() response: Response,
    @Param('id') id: string,
    @Body() body: Record<string, unknown>,
  ) {
    requireAgent(request);
    try {
      const confirmed = typeof body.confirmRecipient === 'string' ? body.confirmRecipient : undefined;
      await this.support.reply(id, request.web.user!.id, String(body.text ?? ''), confirmed);
      this.outbox.flushSoon('a support reply'); // the reader is waiting for the answer
      response.redirect(303, `/support/threads/${encodeURIComponent(id)}?notice=sent`);
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      response
        .status(422)
        .type('html')
        .send(await this.page(request, id, undefined, error.message));
    }
  }

  private async page(request: WebRequest, id: string, notice?: string, error?: string): Promise<string> {
    const { thread, messages } = await this.support.getThread(id);
    const timezone = request.web.user!.timezone;
    return this.views.render(
      request.web,
      'support-thread',
      {
        title: thread.subject,
        notice,
        error,
        thread,
        writer: await this.context.userContext(thread),
        sender: messages.find((message) => message.direction === 'in') ?? null,
        messages: messages.map((message) => ({
          ...message,
          isInbound: message.direction === 'in',
          sent: formatInstant(message.createdAt, timezone),
        })),
      },
      '/support',
    );
  }
}

function requireAgent(request: WebRequest): void {
  if (!canSee('support', request.web.user?.role)) throw new NotFoundError('There is no such page.');
}

/** RFC 6266: an ASCII fallback name and the UTF-8 one, so that every browser saves it under its name. */
function contentDisposition(filename: string): string {
  const ascii = filename
    .normalize('NFKD')
    .replace(/[^\x20-\x7e]/g, '_')
    .replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}
