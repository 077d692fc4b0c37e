import {
  Body,
  Controller,
  Get,
  Header,
  HttpCode,
  Post,
  Query,
  Req,
  Res,
  UseFilters,
  UseGuards,
} from '@nestjs/common';
import { Response } from 'express';
import { ValidationError } from '../../common/errors';
import { FeedsService } from '../../feeds/feeds.service';
import { CsrfGuard, SignedInGuard } from '../auth/guards';
import { DeliveryPause } from '../credits/delivery-pause.service';
import { readFeedLoginForm } from '../domain/feed-login-form';
import { carriedSettings, carriedSettingsField } from '../domain/carried-settings';
import {
  readSubscriptionForm,
  subscriptionFormValues,
  SubscriptionFormValues,
} from '../domain/subscription-form';
import { WebViews } from '../views/web-views';
import { WebExceptionsFilter } from '../web-exceptions.filter';
import { WebRequest } from '../web-request';
import { allowEmailPreview, EmailPreviews } from './email-preview.service';
import { FeedFinder } from '../../feeds/feed-finder.service';

type Form = Record<string, unknown>;
const DEFAULT_FORM: SubscriptionFormValues = {
  mode: 'realtime',
  dayOfMonth: 1,
  filter: 'none',
  filterCount: 3,
  include: '',
  exclude: '',
  regex: '',
  fullText: false,
  tag: '',
  tellUpdates: false,
};

/** The feed list, and adding a feed (by its URL or a site's URL, with a preview of the newest post). */
@Controller()
@UseGuards(SignedInGuard, CsrfGuard)
@UseFilters(WebExceptionsFilter)
export class FeedsController {
  constructor(
    private readonly feeds: FeedsService,
    private readonly finder: FeedFinder,
    private readonly pause: DeliveryPause,
    private readonly previews: EmailPreviews,
    private readonly views: WebViews,
  ) {}

  @Get('feeds')
  @Header('Content-Type', 'text/html; charset=utf-8')
  async list(@Req() request: WebRequest, @Query('notice') notice?: string): Promise<string> {
    const userId = request.web.user!.id;
    const [subscriptions, pauseReason] = await Promise.all([
      this.feeds.subscriptionsOfUser(userId),
      this.pause.reasonFor(userId),
    ]);
    return this.views.render(
      request.web,
      'feeds',
      { title: 'Your feeds', subscriptions, pauseReason, notice: NOTICES[notice ?? ''] },
      '/feeds',
    );
  }

  /**
   * A publisher's (or a reader's) subscribe link lands here: it pre-fills the add form, with the
   * settings it carries (`subscribeLinkQuery`), and fetches nothing.
   */
  @Get('subscribe')
  subscribeLink(@Query() query: Record<string, unknown>, @Res() response: Response): void {
    const url = typeof query.url === 'string' ? query.url.slice(0, 4000) : null;
    const settings = carriedSettingsField(carriedSettings(query));
    const search = new URLSearchParams([
      ...(url === null ? [] : [['url', url]]),
      ...new URLSearchParams(settings),
    ]);
    response.redirect(303, `/feeds/add${search.size ? `?${search.toString()}` : ''}`);
  }

  @Get('feeds/add')
  @Header('Content-Type', 'text/html; charset=utf-8')
  addForm(@Req() request: WebRequest, @Query() query: Record<string, unknown>): string {
    const given = typeof query.url === 'string' ? query.url.slice(0, 4000) : '';
    const settings = carriedSettingsField(carriedSettings(query));
    return this.views.render(
      request.web,
      'feed-add',
      { title: 'Add a feed', url: given, settings },
      '/feeds',
    );
  }

  @Post('feeds/lookup')
  @HttpCode(200)
  @Header('Content-Type', 'text/html; charset=utf-8')
  async lookUp(
    @Req() request: WebRequest,
    @Res({ passthrough: true }) response: Response,
    @Body() body: Form,
  ): Promise<string> {
    const url = String(body.url ?? '').slice(0, 4000);
    const carried = carriedSettings(Object.fromEntries(new URLSearchParams(String(body.settings ?? ''))));
    const settings = carriedSettingsField(carried);
    try {
      const found = await this.finder.lookUp(url);
      if (found.kind === 'choices')
        return this.views.render(
          request.web,
          'feed-add',
          { title: 'Add a feed', url, settings, choices: found.feeds },
          '/feeds',
        );
      const emailHtml = found.newest && this.previews.entryEmailHtml(request.web.user!, found, found.newest);
      if (emailHtml) allowEmailPreview(request, response);
      return this.views.render(
        request.web,
        'feed-add',
        {
          title: 'Add a feed',
          url,
          feed: found,
          emailHtml,
          form: carried ? subscriptionFormValues(carried) : DEFAULT_FORM,
        },
        '/feeds',
      );
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      response.status(422);
      return this.views.render(
        request.web,
        'feed-add',
        { title: 'Add a feed', url, settings, error: error.message },
        '/feeds',
      );
    }
  }

  /** A feed behind a login: checked with it, then subscribed with the default settings (changed on its page). */
  @Post('feeds/with-login')
  async subscribeWithLogin(
    @Req() request: WebRequest,
    @Res() response: Response,
    @Body() body: Form,
  ): Promise<void> {
    const url = String(body.url ?? '').slice(0, 4000);
    const form = readFeedLoginForm(body);
    try {
      if (!form.isValid) throw new ValidationError(form.error);
      const found = await this.finder.lookUp(url, form.login);
      const title = found.kind === 'feed' ? found.title : null;
      // The URL as typed: where a redirect led is the poller's business (and no login follows it away).
      const subscription = await this.feeds.subscribe(request.web.user!.id, url, {}, { title }, form.login);
      response.redirect(303, `/feeds/${subscription.id}?notice=login-set`);
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      const page = { title: 'Add a feed', url, loginError: error.message };
      response
        .status(422)
        .type('html')
        .send(this.views.render(request.web, 'feed-add', page, '/feeds'));
    }
  }

  @Post('feeds')
  async subscribe(@Req() request: WebRequest, @Res() response: Response, @Body() body: Form): Promise<void> {
    const url = String(body.url ?? '').slice(0, 4000);
    const form = readSubscriptionForm(body);
    if (!form.isValid) {
      const feed = { url, title: String(body.title ?? '').slice(0, 500) || null };
      const page = { title: 'Add a feed', url, feed, form: form.values, errors: form.errors };
      response
        .status(422)
        .type('html')
        .send(this.views.render(request.web, 'feed-add', page, '/feeds'));
      return;
    }
    try {
      await this.feeds.subscribe(request.web.user!.id, url, form.settings, {
        title: String(body.title ?? ''),
      });
    } catch (error) {
      // A URL the address policy refuses (or not a URL at all): said on the form, nothing stored.
      if (!(error instanceof ValidationError)) throw error;
      const page = { title: 'Add a feed', url, error: error.message };
      response
        .status(422)
        .type('html')
        .send(this.views.render(request.web, 'feed-add', page, '/feeds'));
      return;
    }
    response.redirect(303, '/feeds?notice=added');
  }
}

const NOTICES: Record<string, string> = {
  added: 'Subscribed. New posts will arrive by email.',
  removed: 'Unsubscribed.',
};
