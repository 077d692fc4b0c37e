import { Command } from 'commander';
import { ValidationError } from '../../common/errors';
import { deliveryAddressState, deliveryAddressWords } from '../../feeds/domain/delivery-address';
import { parseWholeNumber, printJson, withApp } from '../cli-context';

export function registerUserCommands(program: Command): void {
  const users = program.command('users').description('manage users');

  withReaderSettings(users.command('add').argument('<email>'), ADD_DEFAULTS)
    .option('--role <role>', 'user, support or admin', 'user')
    .option(
      '--credits <n>',
      'free credits to start with (default STARTER_CREDITS)',
      parseWholeNumber('--credits'),
    )
    .description('create a user')
    .action(
      (
        email: string,
        {
          credits,
          ...options
        }: {
          timezone: string;
          digestHour: number;
          digestWeekday: number;
          maxEmailsPerDay?: number;
          quietHours?: string;
          role: string;
          credits?: number;
        },
      ) =>
        withApp(async (app) => {
          if (credits !== undefined && credits < 0)
            throw new ValidationError('--credits: expected 0 or more');
          const { AccountsService, BillingService } = await services();
          const user = await app.get(AccountsService).addUser({ email, ...options });
          const billing = app.get(BillingService);
          await billing.grantStarterCredits(user.id, credits);
          console.log(
            `added ${user.email} (${user.timezone}, digest at ${user.digestHour}:00, ${await billing.balanceOf(user.id)} credits)`,
          );
        }),
    );

  withReaderSettings(users.command('update').argument('<email>'), {})
    .description("change a user's settings; those not given stay as they are")
    .action((email: string, changes: Record<string, unknown>) =>
      withApp(async (app) => {
        const [{ AccountsService }, { formatQuietHours }] = await Promise.all([
          import('../../accounts/accounts.service'),
          import('../../accounts/domain/quiet-hours'),
        ]);
        const accounts = app.get(AccountsService);
        const user = await accounts.getByEmail(email);
        const updated = await accounts.updateSettings(user.id, {
          ...user,
          quietHours: formatQuietHours(user),
          ...changes,
        });
        console.log(`updated ${updated.email}: ${settingsLine(updated, formatQuietHours(updated))}`);
      }),
    );

  users
    .command('show')
    .argument('<email>')
    .option('--json', 'machine-readable output')
    .description("show a user's settings and subscriptions")
    .action((email: string, options: { json?: boolean }) =>
      withApp(async (app) => {
        const { AccountsService, BillingService, FeedsService } = await services();
        const { formatQuietHours } = await import('../../accounts/domain/quiet-hours');
        const user = await app.get(AccountsService).getByEmail(email);
        const subscriptions = await app.get(FeedsService).subscriptionsOfUser(user.id);
        const view = {
          id: user.id,
          email: user.email,
          timezone: user.timezone,
          digestHour: user.digestHour,
          digestWeekday: user.digestWeekday,
          maxEmailsPerDay: user.maxEmailsPerDay,
          quietHours: formatQuietHours(user),
          role: user.role,
          createdAt: user.createdAt.toISOString(),
          balance: await app.get(BillingService).balanceOf(user.id),
          subscriptions: subscriptions.map((subscription) => ({
            url: subscription.feed.url,
            title: subscription.feed.title,
            mode: subscription.mode,
            dayOfMonth: subscription.dayOfMonth,
            pausedAt: subscription.pausedAt?.toISOString() ?? null,
            fullText: subscription.fullText,
            keepRecent: subscription.keepRecent,
            keepRandom: subscription.keepRandom,
            includeWords: subscription.includeWords ?? [],
            excludeWords: subscription.excludeWords ?? [],
            filterRegex: subscription.filterRegex,
            tag: subscription.subjectTag,
            onUpdate: subscription.onUpdate,
            deliverTo: deliveryAddressState(subscription),
            // Whether the feed is read with a login of its own: never the login itself.
            login: subscription.feed.authFingerprint ? 'set' : null,
          })),
        };
        if (options.json) return printJson(view);
        console.log(
          `${view.email}  ${view.role}  ${settingsLine(user, view.quietHours)}  ${view.balance} credits`,
        );
        for (const subscription of view.subscriptions)
          console.log(
            `  ${modeWords(subscription).padEnd(9)} ${subscription.pausedAt ? 'paused ' : ''}${subscription.url}${subscription.login ? ' (with a login)' : ''}${deliveredTo(subscription.deliverTo)}`,
          );
      }),
    );
}

/** `monthly on day 31` for a monthly digest; the mode's name otherwise. */
function modeWords({ mode, dayOfMonth }: { mode: string; dayOfMonth: number | null }): string {
  return dayOfMonth ? `${mode} on day ${dayOfMonth}` : mode;
}

/** ` → ADDRESS` after a feed sent to another address of the reader (or waiting for its confirmation). */
function deliveredTo(state: ReturnType<typeof deliveryAddressState>): string {
  return state ? ` → ${deliveryAddressWords(state)}` : '';
}

const ADD_DEFAULTS = { timezone: 'UTC', digestHour: 7, digestWeekday: 1 };

/** The settings `users add` and `users update` share; `add` gives defaults, `update` keeps what is stored. */
function withReaderSettings(command: Command, defaults: Partial<typeof ADD_DEFAULTS>): Command {
  return command
    .option('--timezone <tz>', 'IANA timezone', defaults.timezone)
    .option(
      '--digest-hour <h>',
      'local hour of the digests (0-23)',
      parseWholeNumber('--digest-hour'),
      defaults.digestHour,
    )
    .option(
      '--digest-weekday <d>',
      'weekday of the weekly digest, 0 (Sunday) to 6 (Saturday)',
      parseWholeNumber('--digest-weekday'),
      defaults.digestWeekday,
    )
    .option(
      '--max-emails-per-day <n>',
      'at most this many emails a day, the rest in one catch-up (0: no limit)',
      parseWholeNumber('--max-emails-per-day'),
    )
    .option('--quiet-hours <window>', 'real-time mail waits until they end: 22:00-07:00, or off');
}

/** A user's delivery settings on one line. */
function settingsLine(
  user: { timezone: string; digestHour: number; maxEmailsPerDay: number },
  quietHours: string,
): string {
  const budget = user.maxEmailsPerDay ? `, at most ${user.maxEmailsPerDay} emails a day` : '';
  const quiet = quietHours === 'off' ? '' : `, quiet ${quietHours}`;
  return `${user.timezone}  digest ${user.digestHour}:00${budget}${quiet}`;
}

/** Required when a command runs (see `withApp`). */
async function services() {
  const [{ AccountsService }, { BillingService }, { FeedsService }] = await Promise.all([
    import('../../accounts/accounts.service'),
    import('../../billing/billing.service'),
    import('../../feeds/feeds.service'),
  ]);
  return { AccountsService, BillingService, FeedsService };
}
