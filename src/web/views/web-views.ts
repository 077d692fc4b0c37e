import { Injectable } from '@nestjs/common';
import Handlebars from 'handlebars';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { WebContext } from '../web-request';
import { formatCredits } from '../domain/credits';
import { feedStateLabel, formatInstant } from '../domain/format';
import { canSee } from '../../accounts/domain/staff-roles';
import { BillingService } from '../../billing/billing.service';
import { DELIVERY_MODE_LABELS, DeliveryMode } from '../../feeds/domain/delivery-modes';
import { deliveryChoices } from '../domain/delivery-choices';

/** Where templates/web sits: two levels above src/web/views in the sources, three in dist/. */
export const TEMPLATES_DIR = [join(__dirname, '..', '..', '..'), join(__dirname, '..', '..', '..', '..')]
  .map((root) => join(root, 'templates', 'web'))
  .find((directory) => existsSync(directory))!;

const NAVIGATION = [
  { href: '/feeds', label: 'Feeds' },
  { href: '/account', label: 'Account' },
  { href: '/credits', label: 'Credits', showsBalance: true },
  { href: '/support', label: 'Support', onlyFor: 'support' as const },
  { href: '/admin', label: 'Status', onlyFor: 'admin' as const },
];

/** Handlebars pages, compiled once at start: a layout, partials, and HTML escaping by default. */
@Injectable()
export class WebViews {
  private readonly handlebars = Handlebars.create();
  private readonly pages = new Map<string, Handlebars.TemplateDelegate>();
  private readonly layout: Handlebars.TemplateDelegate;

  constructor(billing: BillingService) {
    const compile = (path: string) => this.handlebars.compile(readFileSync(path, 'utf8'), { strict: false });
    this.handlebars.registerHelper('eq', (a: unknown, b: unknown) => a === b);
    this.handlebars.registerHelper('deliveryChoices', (selected: unknown) =>
      deliveryChoices(selected, (email) => billing.priceEmail(email)),
    );
    this.handlebars.registerHelper(
      'modeLabel',
      (mode: string) => DELIVERY_MODE_LABELS[mode as DeliveryMode] ?? mode,
    );
    this.handlebars.registerHelper('feedState', feedStateLabel);
    this.handlebars.registerHelper('when', (instant: Date | null, timezone: string) =>
      formatInstant(instant, timezone),
    );
    for (const file of readdirSync(join(TEMPLATES_DIR, 'partials')))
      this.handlebars.registerPartial(
        basename(file, '.hbs'),
        readFileSync(join(TEMPLATES_DIR, 'partials', file), 'utf8'),
      );
    for (const file of readdirSync(join(TEMPLATES_DIR, 'pages')))
      this.pages.set(basename(file, '.hbs'), compile(join(TEMPLATES_DIR, 'pages', file)));
    this.layout = compile(join(TEMPLATES_DIR, 'layout.hbs'));
  }

  /** One full page; `title` names it in the tab and the heading. */
  render(
    context: WebContext,
    page: string,
    data: { title: string } & Record<string, unknown>,
    path = '',
  ): string {
    const template = this.pages.get(page);
    if (!template) throw new Error(`no page template ${page}`);
    const user = context.user;
    const shared = {
      ...data,
      user,
      timezone: user?.timezone ?? 'UTC',
      csrfToken: context.csrfToken,
      scriptNonce: context.scriptNonce,
    };
    const navigation = user
      ? NAVIGATION.filter((item) => !item.onlyFor || canSee(item.onlyFor, user.role)).map((item) => ({
          ...item,
          isCurrent: path.startsWith(item.href),
          balance: item.showsBalance && context.balance !== null ? formatCredits(context.balance) : null,
        }))
      : [];
    return this.layout({ ...shared, navigation, body: template(shared) });
  }
}
