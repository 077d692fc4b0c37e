import { Controller, Get, Header, Param, Post, Req, UseFilters, UseGuards } from '@nestjs/common';
import { DeliverToService } from '../../delivery/deliver-to.service';
import { FeedsService, Subscription } from '../../feeds/feeds.service';
import { CsrfGuard } from '../auth/guards';
import { WebViews } from '../views/web-views';
import { WebExceptionsFilter } from '../web-exceptions.filter';
import { WebRequest } from '../web-request';

/**
 * The link sent to a delivery address: opened from that inbox, maybe in another browser, so it needs no
 * session (the link is the proof, as a sign-in link is). GET only shows a button: link scanners GET.
 */
@Controller('deliver-to/:token')
@UseGuards(CsrfGuard)
@UseFilters(WebExceptionsFilter)
export class DeliverToController {
  constructor(
    private readonly deliverTo: DeliverToService,
    private readonly feeds: FeedsService,
    private readonly views: WebViews,
  ) {}

  @Get()
  @Header('Content-Type', 'text/html; charset=utf-8')
  async show(@Req() request: WebRequest, @Param('token') token: string): Promise<string> {
    const subscription = await this.deliverTo.assertUsable(token);
    return this.views.render(request.web, 'deliver-to-confirm', {
      title: 'Confirm this address',
      token,
      ...(await this.described(subscription)),
    });
  }

  @Post()
  @Header('Content-Type', 'text/html; charset=utf-8')
  async confirm(@Req() request: WebRequest, @Param('token') token: string): Promise<string> {
    const subscription = await this.deliverTo.confirm(token);
    return this.views.render(request.web, 'deliver-to-confirmed', {
      title: 'Address confirmed',
      ...(await this.described(subscription)),
    });
  }

  private async described(subscription: Subscription): Promise<{ feedName: string; address: string }> {
    const feed = await this.feeds.getFeed(subscription.feedId);
    return { feedName: feed.title ?? feed.url, address: subscription.deliverTo! };
  }
}
