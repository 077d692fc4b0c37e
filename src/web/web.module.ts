import { MiddlewareConsumer, Module, NestModule, RequestMethod } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { BillingModule } from '../billing/billing.module';
import { EntriesModule } from '../entries/entries.module';
import { DeliveryModule } from '../delivery/delivery.module';
import { FeedsModule } from '../feeds/feeds.module';
import { FetcherModule } from '../fetcher/fetcher.module';
import { MailModule } from '../mail/mail.module';
import { SupportModule } from '../support/support.module';
import { AccountController } from './account/account.controller';
import { AdminOverview } from './admin/admin-overview.service';
import { AdminPagesController } from './admin/admin-pages.controller';
import { AuthController } from './auth/auth.controller';
import { CsrfGuard, SignedInGuard } from './auth/guards';
import { WebCookies } from './auth/web-cookies';
import { WebRequestMiddleware } from './auth/web-request.middleware';
import { CreditsController } from './credits/credits.controller';
import { DeliveryPause } from './credits/delivery-pause.service';
import { DemoFeedController } from './demo/demo-feed.controller';
import { EmailPreviews } from './feeds/email-preview.service';
import { FeedsController } from './feeds/feeds.controller';
import { SubscriptionController } from './feeds/subscription.controller';
import { DeliverToController } from './feeds/deliver-to.controller';
import { SupportContext } from './support/support-context.service';
import { SupportPagesController } from './support/support-pages.controller';
import { OpmlController } from './opml/opml.controller';
import { OpmlUploadMiddleware } from './opml/opml-upload.middleware';
import { AssetsController } from './views/assets.controller';
import { WebViews } from './views/web-views';
import { WebExceptionsFilter } from './web-exceptions.filter';

const PAGES = [
  AuthController,
  FeedsController,
  SubscriptionController,
  DeliverToController,
  OpmlController,
  AccountController,
  CreditsController,
  SupportPagesController,
  AdminPagesController,
];

/** The server-rendered dashboard (role `serve` only). */
@Module({
  imports: [
    AccountsModule,
    BillingModule,
    DeliveryModule,
    FeedsModule,
    FetcherModule,
    MailModule,
    EntriesModule,
    SupportModule,
  ],
  controllers: [...PAGES, AssetsController, DemoFeedController],
  providers: [
    WebViews,
    WebCookies,
    DeliveryPause,
    EmailPreviews,
    SupportContext,
    AdminOverview,
    CsrfGuard,
    SignedInGuard,
    WebExceptionsFilter,
  ],
})
export class WebModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(WebRequestMiddleware).forRoutes(...PAGES);
    consumer.apply(OpmlUploadMiddleware).forRoutes({ path: 'opml/import', method: RequestMethod.POST });
  }
}
