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
import { ValidationError } from '../../common/errors';
import { FeedsService, Subscription, Feed } from '../../feeds/feeds.service';
import { SubscriptionChangesService } from '../../feeds/subscription-changes.service';
import { Clock } from '../../common/clock';
import { CsrfGuard, SignedInGuard } from '../auth/guards';
import { readFeedLoginForm } from '../domain/feed-login-form';
import { readSubscriptionForm, subscriptionFormValues } from '../domain/subscription-form';
import { WebViews } from '../views/web-views';
import { WebExceptionsFilter } from '../web-exceptions.filter';
import { WebRequest } from '../web-request';
import { siteOfFeed } from '../../feeds/domain/feed-url';
import { subscribeLinkQuery } from '../../feeds/domain/portable-settings';
import { allowEmailPreview, EmailPreviews } from './email-preview.service';
import { FeedFinder } from '../../feeds/feed-finder.service';
import { DeliveryRecordService } from '../../delivery/delivery-record.service';
import { DeliverToService } from '../../delivery/deliver-to.service';
import { deliveryAddressState } from '../../feeds/domain/delivery-address';

/** How many of the feed's latest posts the page lists with what happened to each. */
const RECORD_LENGTH = 50;

/** One of the user's subscriptions: its feed's state, its settings, a preview, unsubscribing. */
@Controller('feeds/:id')
@UseGuards(SignedInGuard, CsrfGuard)
@UseFilters(WebExceptionsFilter)
export class SubscriptionController {
  constructor(
    private readonly feeds: FeedsService,
    private readonly changes: SubscriptionChangesService,
    private readonly clock: Clock,
    private readonly finder: FeedFinder,
    private readonly previews: EmailPreviews,
    private readonly deliveryRecord: DeliveryRecordService,
    private readonly deliverTo: DeliverToService,
    private readonly views: WebViews,
  ) {}

  @Get()
  @Header('Content-Type', 'text/html; charset=utf-8')
  async show(
    @Req() request: WebRequest,
    @Param('id') id: string,
    @Query('notice') notice?: string,
  ): Promise<string> {
    const subscription = await this.feeds.subscriptionOfUser(request.web.user!.id, id);
    return this.page(request, subscription, {
      form: subscriptionFormValues(subscription),
      notice: SUBSCRIPTION_NOTICES[notice ?? ''],
    });
  }

  /** Fetches the feed now and shows its newest post as it would arrive. */
  @Get('preview')
  @Header('Content-Type', 'text/html; charset=utf-8')
  async preview(
    @Req() request: WebRequest,
    @Res({ passthrough: true }) response: Response,
    @Param('id') id: string,
  ): Promise<string> {
    const subscription = await this.feeds.subscriptionOfUser(request.web.user!.id, id);
    const form = subscriptionFormValues(subscription);
    try {
      const authorization = await this.feeds.authorizationFor(subscription.feed.id);
      const feed = await this.finder.fetchFeed(subscription.feed.url, authorization);
      const known = subscription.feed;
      const emailHtml =
        feed.newest &&
        this.previews.entryEmailHtml(
          request.web.user!,
          { ...feed, id: known.id, subscriptionId: subscription.id, title: known.title ?? feed.title },
          feed.newest,
        );
      if (emailHtml) allowEmailPreview(request, response);
      return this.page(request, subscription, { form, preview: { emailHtml } });
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      return this.page(request, subscription, { form, error: error.message });
    }
  }

  @Post()
  async update(
    @Req() request: WebRequest,
    @Res() response: Response,
    @Param('id') id: string,
    @Body() body: Record<string, unknown>,
  ): Promise<void> {
    const subscription = await this.feeds.subscriptionOfUser(request.web.user!.id, id);
    const form = readSubscriptionForm(body);
    if (!form.isValid) {
      const page = await this.page(request, subscription, { form: form.values, errors: form.errors });
      response.status(422).type('html').send(page);
      return;
    }
    await this.feeds.updateSettings(subscription.userId, subscription.id, form.settings);
    response.redirect(303, `/feeds/${subscription.id}?notice=saved`);
  }

  /** Sets or changes the login: the subscription then reads the feed of its URL with it. */
  @Post('login')
  async setLogin(
    @Req() request: WebRequest,
    @Res() response: Response,
    @Param('id') id: string,
    @Body() body: Record<string, unknown>,
  ): Promise<void> {
    const subscription = await this.feeds.subscriptionOfUser(request.web.user!.id, id);
    const form = readFeedLoginForm(body);
    try {
      if (!form.isValid) throw new ValidationError(form.error);
      await this.feeds.changeLogin(subscription.userId, subscription.id, form.login);
    } catch (error) {
      await this.refuse(request, response, subscription, error, 'loginError');
      return;
    }
    response.redirect(303, `/feeds/${subscription.id}?notice=login-set`);
  }

  @Post('login/remove')
  async removeLogin(
    @Req() request: WebRequest,
    @Res() response: Response,
    @Param('id') id: string,
  ): Promise<void> {
    const subscription = await this.feeds.subscriptionOfUser(request.web.user!.id, id);
    await this.feeds.changeLogin(subscription.userId, subscription.id, null);
    response.redirect(303, `/feeds/${subscription.id}?notice=login-removed`);
  }

  /** Another address for this feed's emails (empty: the account's); a new one is sent its link first. */
  @Post('deliver-to')
  async setDeliverTo(
    @Req() request: WebRequest,
    @Res() response: Response,
    @Param('id') id: string,
    @Body() body: Record<string, unknown>,
  ): Promise<void> {
    const subscription = await this.feeds.subscriptionOfUser(request.web.user!.id, id);
    try {
      const { state } = await this.deliverTo.choose(
        request.web.user!,
        subscription.id,
        String(body.deliverTo ?? ''),
      );
      response.redirect(303, `/feeds/${subscription.id}?notice=deliver-to-${state}`);
    } catch (error) {
      await this.refuse(request, response, subscription, error, 'deliverToError');
    }
  }

  /** Nothing is delivered while paused; what the feed publishes meanwhile is skipped (no flood on resume). */
  @Post('pause')
  async pause(@Req() request: WebRequest, @Param('id') id: string, @Res() response: Response): Promise<void> {
    const subscription = await this.feeds.subscriptionOfUser(request.web.user!.id, id);
    await this.changes.pause(subscription.userId, [subscription.id], this.clock.now());
    response.redirect(303, `/feeds/${subscription.id}?notice=paused`);
  }

  @Post('resume')
  async resume(
    @Req() request: WebRequest,
    @Param('id') id: string,
    @Res() response: Response,
  ): Promise<void> {
    const subscription = await this.feeds.subscriptionOfUser(request.web.user!.id, id);
    await this.changes.resume(subscription.userId, [subscription.id]);
    response.redirect(303, `/feeds/${subscription.id}?notice=resumed`);
  }

  @Post('unsubscribe')
  async unsubscribe(
    @Req() request: WebRequest,
    @Param('id') id: string,
    @Res() response: Response,
  ): Promise<void> {
    const subscription = await this.feeds.subscriptionOfUser(request.web.user!.id, id);
    await this.feeds.unsubscribe(subscription.userId, subscription.feed.url);
    response.redirect(303, '/feeds?notice=removed');
  }

  /** The page again with a form's error beside it (422); anything but a ValidationError is thrown on. */
  private async refuse(
    request: WebRequest,
    response: Response,
    subscription: Subscription & { feed: Feed },
    error: unknown,
    field: 'loginError' | 'deliverToError',
  ): Promise<void> {
    if (!(error instanceof ValidationError)) throw error;
    const values = { form: subscriptionFormValues(subscription), [field]: error.message };
    response
      .status(422)
      .type('html')
      .send(await this.page(request, subscription, values));
  }

  private async page(
    request: WebRequest,
    subscription: Subscription & { feed: Feed },
    data: Record<string, unknown>,
  ): Promise<string> {
    const record = await this.deliveryRecord.recordOf(
      subscription.userId,
      subscription.feed.id,
      RECORD_LENGTH,
      'en', // the dashboard is in English
    );
    const title = subscription.feed.title ?? subscription.feed.url;
    const findFeedUrl =
      subscription.feed.status === 'gone'
        ? `/feeds/add?url=${encodeURIComponent(siteOfFeed(subscription.feed))}`
        : null;
    const subscribeLink = `/subscribe?${subscribeLinkQuery(subscription.feed.url, subscription)}`;
    return this.views.render(
      request.web,
      'subscription',
      {
        title,
        subscription,
        findFeedUrl,
        subscribeLink,
        record,
        deliverTo: deliveryAddressState(subscription),
        ...data,
      },
      '/feeds',
    );
  }
}

const SUBSCRIPTION_NOTICES: Record<string, string> = {
  saved: 'Settings saved.',
  paused: 'Paused. Nothing from this feed will be emailed until you resume.',
  resumed: 'Resumed. New posts will arrive again, starting with the next one published.',
  'login-set': 'Login saved. The next poll reads the feed with it.',
  'login-removed': 'Login removed. The feed is read without one.',
  'deliver-to-account': 'This feed’s emails go to your account address.',
  'deliver-to-confirmed': 'Saved: you confirmed this address already, this feed’s emails go there now.',
  'deliver-to-waiting':
    'A confirmation link is on its way to that address; until it is followed, this feed’s emails go to your account address.',
};
