import type { INestApplicationContext } from '@nestjs/common';
import { Command } from 'commander';
import type { User } from '../../accounts/accounts.service';
import { ValidationError } from '../../common/errors';
import type { FeedCredentials } from '../../feeds/domain/feed-credentials';
import type { FeedFinder } from '../../feeds/feed-finder.service';
import { parseWholeNumber, withApp } from '../cli-context';
import { feedLoginFrom, FeedLoginOptions, readStandardInput } from './feed-login-options';

interface SubscribeOptions extends FeedLoginOptions {
  mode?: string;
  dayOfMonth?: number;
  fullText?: boolean;
  keepRecent?: number;
  keepRandom?: number;
  include?: string[];
  exclude?: string[];
  regex?: string;
  tag?: string;
  deliverTo?: string;
  onUpdate?: string;
  check: boolean;
}

export function registerSubscriptionCommands(program: Command): void {
  program
    .command('subscribe')
    .argument('<email>')
    .argument('<url>', 'feed URL')
    .option(
      '--mode <mode>',
      'realtime (the default), every-2h, every-4h, every-6h, every-12h, daily, weekly or monthly',
    )
    .option(
      '--day-of-month <n>',
      'monthly: the day the digest goes out, 1-31 (the last day of shorter months)',
      parseWholeNumber('--day-of-month'),
    )
    .option('--full-text', 'extract the full article from the linked page')
    .option('--no-full-text', 'send the feed’s own text (again: turn --full-text off)')
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
    .option('--tag <text>', 'open the subject of its emails with [text], for mail filters')
    .option(
      '--deliver-to <address>',
      'send this feed to another address of the user, once the link sent there is followed ("" or "account": back to the account address)',
    )
    .option(
      '--on-update <what>',
      'when a sent post is edited: ignore (the default), or tell (one "Updated" email)',
    )
    .option('--auth-user <user>', 'read a feed behind a login with HTTP Basic as this user')
    .option('--auth-password-stdin', 'the HTTP Basic password, from standard input')
    .option('--auth-bearer-stdin', 'a bearer token for the feed, from standard input')
    .option('--no-check', 'subscribe without fetching the URL first')
    .description(
      'subscribe a user to a feed, or to the feed a page links to (again: change the settings given, keep the others)',
    )
    .action((email: string, url: string, options: SubscribeOptions) =>
      withApp(async (app) => {
        const [
          { AccountsService },
          { FeedFinder },
          { FeedsService },
          { subscriptionSettingsSchema },
          { parseOrThrow },
        ] = await Promise.all([
          import('../../accounts/accounts.service'),
          import('../../feeds/feed-finder.service'),
          import('../../feeds/feeds.service'),
          import('../../feeds/domain/subscription-settings'),
          import('../../common/zod-errors'),
        ]);
        const user = await app.get(AccountsService).getByEmail(email);
        // Only the settings given: subscribing again keeps the others.
        const settings = {
          mode: options.mode,
          dayOfMonth: options.dayOfMonth,
          fullText: options.fullText,
          keepRecent: options.keepRecent,
          keepRandom: options.keepRandom,
          includeWords: options.include,
          excludeWords: options.exclude,
          filterRegex: options.regex,
          subjectTag: options.tag,
          onUpdate: options.onUpdate,
        };
        // Bad settings are refused before anything is fetched.
        parseOrThrow(subscriptionSettingsSchema, settings);
        const login = await feedLoginFrom(options, readStandardInput);
        const feed = options.check
          ? await checkedFeed(app.get(FeedFinder), url, login)
          : { url, title: null, note: '' };
        const subscription = await app
          .get(FeedsService)
          .subscribe(user.id, feed.url, settings, { title: feed.title }, login);
        const delivery =
          options.deliverTo === undefined
            ? ''
            : await deliverTo(app, user, subscription.id, options.deliverTo);
        const day = subscription.dayOfMonth ? ` on day ${subscription.dayOfMonth}` : '';
        const tag = subscription.subjectTag ? `, subjects tagged [${subscription.subjectTag}]` : '';
        const behindLogin = login ? ', with its login' : '';
        console.log(
          `subscribed ${user.email} to ${feed.url.trim()}${feed.note} (${subscription.mode}${day}${tag}${behindLogin})${delivery}`,
        );
      }),
    );

  program
    .command('unsubscribe')
    .argument('<email>')
    .argument('<url>', 'feed URL')
    .description('remove a subscription')
    .action((email: string, url: string) =>
      withApp(async (app) => {
        const [{ AccountsService }, { FeedsService }] = await Promise.all([
          import('../../accounts/accounts.service'),
          import('../../feeds/feeds.service'),
        ]);
        const user = await app.get(AccountsService).getByEmail(email);
        await app.get(FeedsService).unsubscribe(user.id, url);
        console.log(`unsubscribed ${user.email} from ${url.trim()}`);
      }),
    );
}

/** Points the subscription at the address (or back at the account's): what the CLI says of it. */
async function deliverTo(
  app: INestApplicationContext,
  user: User,
  subscriptionId: string,
  typed: string,
): Promise<string> {
  const { DeliverToService } = await import('../../delivery/deliver-to.service');
  const { state, address } = await app.get(DeliverToService).choose(user, subscriptionId, typed);
  if (state === 'account') return ', to the account address';
  if (state === 'confirmed') return `, to ${address}`;
  return `, waiting for confirmation at ${address}: a link was sent there`;
}

/**
 * The check of the dashboard's add form: `url` answers with a feed that parses (kept as typed, redirects
 * are the poller's business), or with a page that links to exactly one feed (subscribed instead).
 */
async function checkedFeed(
  finder: FeedFinder,
  url: string,
  login?: FeedCredentials,
): Promise<{ url: string; title: string | null; note: string }> {
  const found = await finder.lookUp(url, login);
  if (found.kind === 'choices') {
    const choices = found.feeds.map((feed) => (feed.title ? `${feed.url} (${feed.title})` : feed.url));
    throw new ValidationError(
      `${found.pageUrl} links to several feeds, subscribe to one: ${choices.join(', ')}`,
    );
  }
  const title = found.title ? ` "${found.title}"` : '';
  if (found.foundOn)
    return { url: found.url, title: found.title, note: `${title}, found on ${found.foundOn}` };
  return { url, title: found.title, note: title };
}

/** An option given with nothing in it is a mistake, not "no filter" (leave the option out for that). */
function parseKeywords(name: string) {
  return (value: string): string[] => {
    // zod's schemas are required when a command is given, not by `--help`.
    const { parseKeywordList } =
      require('../../feeds/domain/subscription-settings') as typeof import('../../feeds/domain/subscription-settings');
    const words = parseKeywordList(value);
    if (words.length === 0) throw new ValidationError(`${name}: expected words or "quoted phrases"`);
    return words;
  };
}
