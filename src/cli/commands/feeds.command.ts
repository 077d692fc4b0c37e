import { Command } from 'commander';
import { printJson, withApp } from '../cli-context';

export function registerFeedCommands(program: Command): void {
  program
    .command('feeds')
    .description('feeds')
    .command('list')
    .option('--json', 'machine-readable output')
    .description('every feed with its state, validators and subscribers')
    .action((options: { json?: boolean }) =>
      withApp(async (app) => {
        const { FeedsService } = await import('../../feeds/feeds.service');
        const feeds = (await app.get(FeedsService).listFeeds()).map((feed) => ({
          url: feed.url,
          title: feed.title,
          status: feed.status,
          etag: feed.etag,
          lastModified: feed.lastModified,
          lastOutcome: feed.lastOutcome,
          lastPolledAt: feed.lastPolledAt?.toISOString() ?? null,
          nextPollAt: feed.nextPollAt.toISOString(),
          errorCount: feed.errorCount,
          lastError: feed.lastError,
          brokenSince: feed.brokenSince?.toISOString() ?? null,
          pollIntervalSeconds: feed.pollIntervalSeconds,
          subscribers: feed.subscribers,
          movedFrom: feed.movedFrom,
          movedAt: feed.movedAt?.toISOString() ?? null,
          login: feed.authFingerprint ? 'set' : null,
        }));
        if (options.json) return printJson(feeds);
        for (const feed of feeds) {
          console.log(
            `${feed.status.padEnd(7)} ${String(feed.subscribers).padStart(4)} ${feed.url}` +
              (feed.login ? ' (with a login)' : '') +
              `  next ${feed.nextPollAt}` +
              (feed.movedFrom ? `  moved from ${feed.movedFrom}` : '') +
              (feed.errorCount > 0 && feed.lastError ? `  failing: ${feed.lastError}` : ''),
          );
        }
      }),
    );
}
