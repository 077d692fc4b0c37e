import { Controller, Get, Header, Post, Req, Res, UseFilters, UseGuards } from '@nestjs/common';
import { Response } from 'express';
import { ValidationError } from '../../common/errors';
import { OpmlService } from '../../feeds/opml.service';
import { CsrfGuard, SignedInGuard } from '../auth/guards';
import { WebViews } from '../views/web-views';
import { WebExceptionsFilter } from '../web-exceptions.filter';
import { WebRequest } from '../web-request';
import { UploadRequest } from './opml-upload.middleware';
import { opmlImportSummary } from '../domain/opml-import-summary';

/** OPML import (upload) and export (download) of the signed-in user's feeds. */
@Controller('opml')
@UseGuards(SignedInGuard, CsrfGuard)
@UseFilters(WebExceptionsFilter)
export class OpmlController {
  constructor(
    private readonly opml: OpmlService,
    private readonly views: WebViews,
  ) {}

  @Get()
  @Header('Content-Type', 'text/html; charset=utf-8')
  page(@Req() request: WebRequest): string {
    return this.views.render(request.web, 'opml', { title: 'Import and export' }, '/feeds');
  }

  @Post('import')
  async import(@Req() request: WebRequest & UploadRequest, @Res() response: Response): Promise<void> {
    const render = (status: number, data: Record<string, unknown>): void => {
      response
        .status(status)
        .type('html')
        .send(this.views.render(request.web, 'opml', { title: 'Import and export', ...data }, '/feeds'));
    };
    if (request.uploadError || !request.file)
      return render(400, { error: request.uploadError ?? 'Choose a file.' });
    try {
      const report = await this.opml.importFor(request.web.user!.id, request.file.buffer.toString('utf8'));
      render(200, { report, summary: opmlImportSummary(report) });
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      render(400, { error: error.message });
    }
  }

  @Get('export')
  async export(@Req() request: WebRequest, @Res() response: Response): Promise<void> {
    const user = request.web.user!;
    const xml = await this.opml.exportFor(user.id, `Tidings feeds of ${user.email}`);
    response.type('text/x-opml; charset=utf-8').attachment('tidings-feeds.opml').send(xml);
  }
}
