import { Command } from 'commander';
import { AccountsService } from '../../accounts/accounts.service';
import { FeedsService } from '../../feeds/feeds.service';
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
    .option('--role <role>', 'user or support', 'user')
    .description('create a user')
    .action((email: string, options: Record<string, string | number>) =>
      withApp(async (app) => {
        const user = await app.get(AccountsService).addUser({ email, ...options });
        console.log(`added ${user.email} (${user.timezone}, digest at ${user.digestHour}:00)`);
      }),
    );

  users
    .command('show')
    .argument('<email>')
    .option('--json', 'machine-readable output')
    .description("show a user's settings and subscriptions")
    .action((email: string, options: { json?: boolean }) =>
      withApp(async (app) => {
        const user = await app.get(AccountsService).getByEmail(email);
        const subscriptions = await app.get(FeedsService).subscriptionsOfUser(user.id);
        const view = {
          email: user.email,
          timezone: user.timezone,
          digestHour: user.digestHour,
          digestWeekday: user.digestWeekday,
          role: user.role,
          createdAt: user.createdAt.toISOString(),
          subscriptions: subscriptions.map((subscription) => ({
            url: subscription.feed.url,
            title: subscription.feed.title,
            mode: subscription.mode,
            fullText: subscription.fullText,
            keepRecent: subscription.keepRecent,
            keepRandom: subscription.keepRandom,
            includeWords: subscription.includeWords ?? [],
            excludeWords: subscription.excludeWords ?? [],
            filterRegex: subscription.filterRegex,
          })),
        };
        if (options.json) return printJson(view);
        console.log(`${view.email}  ${view.role}  ${view.timezone}  digest ${view.digestHour}:00`);
        for (const subscription of view.subscriptions)
          console.log(`  ${subscription.mode.padEnd(8)} ${subscription.url}`);
      }),
    );
}
