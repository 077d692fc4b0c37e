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
import { Clock } from '../../common/clock';
import { isUnread } from '../../support/domain/thread-order';
import { SupportDeskService } from '../../support/support-desk.service';
import { SupportService } from '../../support/support.service';
import { waitedFor } from '../domain/admin-figures';
import { deskSummary } from '../domain/support-desk';
import { CsrfGuard } from '../auth/guards';
import { formatInstant } from '../domain/format';
import { WebViews } from '../views/web-views';
import { WebExceptionsFilter } from '../web-exceptions.filter';
import { WebRequest } from '../web-request';
import { SupportContext } from './support-context.service';
import { canSee } from '../../accounts/domain/staff-roles';

type Form = Record<string, unknown>;

const NOTICES = { sent: 'Reply sent.', noted: 'Note added (agents only).' } as const;

/** Support staff only: the threads, one thread with the user's context, and a reply box. */
@Controller('support')
@UseGuards(CsrfGuard)
@UseFilters(WebExceptionsFilter)
export class SupportPagesController {
  constructor(
    private readonly support: SupportService,
    private readonly desk: SupportDeskService,
    private readonly clock: Clock,
    private readonly context: SupportContext,
    private readonly outbox: OutboxService,
    private readonly views: WebViews,
  ) {}

  @Get()
  @Header('Content-Type', 'text/html; charset=utf-8')
  async threads(@Req() request: WebRequest, @Query('q') q?: string): Promise<string> {
    requireAgent(request);
    const search = typeof q === 'string' ? q.trim().slice(0, 200) : '';
    const timezone = request.web.user!.timezone;
    const [threads, census, staff] = await Promise.all([
      this.support.listThreads(100, search),
      this.desk.census(),
      this.desk.staff(),
    ]);
    const now = this.clock.now();
    return this.views.render(
      request.web,
      'support-threads',
      {
        title: 'Support',
        search,
        summary: deskSummary(census, now),
        threads: threads.map((thread) => ({
          ...thread,
          isUnread: isUnread(thread),
          waitingFor:
            thread.state === 'open' && thread.lastInboundAt ? waitedFor(thread.lastInboundAt, now) : null,
          assignee: staff.find((agent) => agent.id === thread.assignedToUserId)?.email ?? null,
          updated: formatInstant(thread.updatedAt, timezone),
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
    const page = await this.page(request, id, NOTICES[notice as keyof typeof NOTICES]);
    await this.desk.markSeen(id);
    return page;
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

  @Post('threads/:id/state')
  state(@Req() request: WebRequest, @Res() response: Response, @Param('id') id: string, @Body() body: Form) {
    return this.act(request, response, id, (agentId) =>
      this.desk.setState(id, agentId, String(body.state ?? '')),
    );
  }

  @Post('threads/:id/assign')
  assign(@Req() request: WebRequest, @Res() response: Response, @Param('id') id: string, @Body() body: Form) {
    return this.act(request, response, id, (agentId) =>
      this.desk.assign(id, agentId, String(body.assignee ?? '')),
    );
  }

  @Post('threads/:id/note')
  note(@Req() request: WebRequest, @Res() response: Response, @Param('id') id: string, @Body() body: Form) {
    return this.act(
      request,
      response,
      id,
      (agentId) => this.desk.addNote(id, agentId, String(body.text ?? '')),
      'noted',
    );
  }

  @Post('threads/:id/reply')
  reply(@Req() request: WebRequest, @Res() response: Response, @Param('id') id: string, @Body() body: Form) {
    const confirmed = typeof body.confirmRecipient === 'string' ? body.confirmRecipient : undefined;
    return this.act(
      request,
      response,
      id,
      async (agentId) => {
        await this.support.reply(id, agentId, String(body.text ?? ''), confirmed);
        this.outbox.flushSoon('a support reply'); // the reader is waiting for the answer
      },
      'sent',
    );
  }

  /** An agent's action on a thread, then the thread again: with a notice, or with the refusal (422). */
  private async act(
    request: WebRequest,
    response: Response,
    id: string,
    action: (agentId: string) => Promise<unknown>,
    notice?: keyof typeof NOTICES,
  ): Promise<void> {
    requireAgent(request);
    try {
      await action(request.web.user!.id);
      response.redirect(
        303,
        `/support/threads/${encodeURIComponent(id)}${notice ? `?notice=${notice}` : ''}`,
      );
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      response
        .status(422)
        .type('html')
        .send(await this.page(request, id, undefined, error.message));
    }
  }

  private async page(request: WebRequest, id: string, notice?: string, error?: string): Promise<string> {
    const [{ thread, messages }, staff] = await Promise.all([this.support.getThread(id), this.desk.staff()]);
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
        staff: staff.map((agent) => ({ ...agent, isAssigned: agent.id === thread.assignedToUserId })),
        sender: messages.find((message) => message.direction === 'in') ?? null,
        messages: messages.map((message) => ({
          ...message,
          isInbound: message.direction === 'in',
          isNote: message.direction === 'note',
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
