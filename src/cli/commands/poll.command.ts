import { Command } from 'commander';
import { PollService } from '../../fetcher/poll.service';
import { OutboxService } from '../../mail/outbox.service';
import { parseInstant, withApp } from '../cli-context';
import { registerOutboxStatusCommand } from './outbox-status.command';

export function registerPollCommands(program: Command): void {
  program
    .command('poll')
    .option('--once', 'one cycle, then exit (the only mode of this command)')
    .option('--all', 'poll every feed, due or not')
    .option('--at <iso>', 'treat this instant as now')
    .description('one poll cycle of due feeds, then delivery of what it found')
    .action((options: { all?: boolean; at?: string }) =>
      withApp(async (app) => {
        const now = parseInstant(options.at);
        const report = await app.get(PollService).pollDue({ all: options.all, now });
        const flushed = await app.get(OutboxService).flush();
        console.log(
          `polled ${report.polled} feeds (${report.failed} failed), ${report.newEntries} new entries, ` +
            `${flushed.sent} emails sent, ${flushed.retrying} to retry, ${flushed.failed} failed, ${flushed.held} held` +
            (flushed.deferred + flushed.throttled
              ? `, ${flushed.deferred + flushed.throttled} waiting their turn`
              : ''),
        );
      }),
    );

  const outbox = program.command('outbox').description('the mail outbox');
  registerOutboxStatusCommand(outbox);
  outbox
    .command('flush')
    .description('send what is waiting in the outbox now')
    .action(() =>
      withApp(async (app) => {
        const flushed = await app.get(OutboxService).flush();
        console.log(
          `${flushed.sent} emails sent, ${flushed.retrying} to retry, ${flushed.failed} failed, ${flushed.held} held` +
            (flushed.deferred + flushed.throttled
              ? `, ${flushed.deferred + flushed.throttled} waiting their turn`
              : ''),
        );
      }),
    );
}
