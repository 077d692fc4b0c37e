import { Command } from 'commander';
import { AccountsService } from '../../accounts/accounts.service';
import { parseKeywordList } from '../../feeds/domain/subscription-settings';
import { ValidationError } from '../../common/errors';
import { FeedsService } from '../../feeds/feeds.service';
import { parseWholeNumber, withApp } from '../cli-context';

interface SubscribeOptions {
  mode: string;
  fullText?: boolean;
  keepRecent?: number;
  keepRandom?: number;
  include?: string[];
  exclude?: string[];
  regex?: string;
}

export function registerSubscriptionCommands(program: Command): void {
  program
    .command('subscribe')
    .argument('<email>')
    .argument('<url>', 'feed URL')
    .option('--mode <mode>', 'realtime, daily or weekly', 'realtime')
    .option('--full-text', 'extract the full article from the linked page')
    .option(
      '--keep-recent <k>',
      'keep only the k most recent entries of each batch',
      parseWholeNumber('--keep-recent'),
    )
    .option('--keep-random <k>', 'keep k random entries of each batch', parseWholeNumber('--keep-random'))
    .option(
      '--include <words>',
      'only entries with one of these words or "quoted phrases"',
      parseKeywords('--include'),
    )
    .option(
      '--exclude <words>',
      'drop entries with any of these words or "quoted phrases"',
      parseKeywords('--exclude'),
    )
    .option('--regex <pattern>', 'only entries whose title or text match this regular expression')
    .description('subscribe a user to a feed (again: change the settings)')
    .action((email: string, url: string, options: SubscribeOptions) =>
      withApp(async (app) => {
        const user = await app.get(AccountsService).getByEmail(email);
        const subscription = await app.get(FeedsService).subscribe(user.id, url, {
          mode: options.mode as never,
          fullText: Boolean(options.fullText),
          keepRecent: options.keepRecent,
          keepRandom: options.keepRandom,
          includeWords: options.include,
          excludeWords: options.exclude,
          filterRegex: options.regex,
        });
        console.log(`subscribed ${user.email} to ${url.trim()} (${subscription.mode})`);
      }),
    );

  program
    .command('unsubscribe')
    .argument('<email>')
    .argument('<url>', 'feed URL')
    .description('remove a subscription')
    .action((email: string, url: string) =>
      withApp(async (app) => {
        const user = await app.get(AccountsService).getByEmail(email);
        await app.get(FeedsService).unsubscribe(user.id, url);
        console.log(`unsubscribed ${user.email} from ${url.trim()}`);
      }),
    );
}

/** An option given with nothing in it is a mistake, not "no filter" (leave the option out for that). */
function parseKeywords(name: string) {
  return (value: string): string[] => {
    const words = parseKeywordList(value);
    if (words.length === 0) throw new ValidationError(`${name}: expected words or "quoted phrases"`);
    return words;
  };
}
