import { Command } from 'commander';
import { ValidationError } from '../../common/errors';
import { parseWholeNumber, printJson, withApp } from '../cli-context';

export function registerUserCommands(program: Command): void {
  const users = program.command('users').description('manage users');

  users
    .command('add')
    .argument('<email>')
    .option('--timezone <tz>', 'IANA timezone', 'UTC')
    .option(
      '--digest-hour <h>',
      'local hour of the daily digest (0-23)',
      parseWholeNumber('--digest-hour'),
      7,
    )
    .option(
      '--digest-weekday <d>',
      'weekday of the weekly digest, 0 (Sunday) to 6 (Saturday)',
      parseWholeNumber('--digest-weekday'),
      1,
    )
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
        }: { timezone: string; digestHour: number; digestWeekday: number; role: string; credits?: number },
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

  users
    .command('show')
    .argument('<email>')
    .option('--json', 'machine-readable output')
    .description("show a user's settings and subscriptions")
    .action((email: string, options: { json?: boolean }) =>
      withApp(async (app) => {
        const { AccountsService, BillingService, FeedsService } = await services();
        const user = await app.get(AccountsService).getByEmail(email);
        const subscriptions = await app.get(FeedsService).subscriptionsOfUser(user.id);
        const view = {
          id: user.id,
          email: user.email,
          timezone: user.timezone,
          digestHour: user.digestHour,
          digestWeekday: user.digestWeekday,
          role: user.role,
          createdAt: user.createdAt.toISOString(),
          balance: await app.get(BillingService).balanceOf(user.id),
          subscriptions: subscriptions.map((subscription) => ({
            url: subscription.feed.url,
            title: subscription.feed.title,
            mode: subscription.mode,
            pausedAt: subscription.pausedAt?.toISOString() ?? null,
            fullText: subscription.fullText,
            keepRecent: subscription.keepRecent,
            keepRandom: subscription.keepRandom,
            includeWords: subscription.includeWords ?? [],
            excludeWords: subscription.excludeWords ?? [],
            filterRegex: subscription.filterRegex,
            tag: subscription.subjectTag,
            onUpdate: subscription.onUpdate,
          })),
        };
        if (options.json) return printJson(view);
        console.log(
          `${view.email}  ${view.role}  ${view.timezone}  digest ${view.digestHour}:00  ${view.balance} credits`,
        );
        for (const subscription of view.subscriptions)
          console.log(
            `  ${subscription.mode.padEnd(8)} ${subscription.pausedAt ? 'paused ' : ''}${subscription.url}`,
          );
      }),
    );
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
