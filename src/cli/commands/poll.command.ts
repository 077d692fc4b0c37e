import { Command } from 'commander';
import type { FlushResult } from '../../mail/outbox.service';
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
        const [{ PollService }, { OutboxService }] = await Promise.all([
          import('../../fetcher/poll.service'),
          import('../../mail/outbox.service'),
        ]);
        const now = parseInstant(options.at);
        const polls = app.get(PollService);
        const report = await polls.pollDue({ all: options.all, now });
        const flushed = await app.get(OutboxService).flush();
        for (const { url, reason } of report.failures) console.log(`failed ${url}: ${reason}`);
        console.log(
          `polled ${report.polled} feeds (${report.failed} failed), ${report.newEntries} new entries, ` +
            sentSummary(flushed),
        );
        if (report.polled + report.failed === 0)
          console.log(nothingDue(await polls.nextDue(), now ?? new Date()));
      }),
    );

  const outbox = program.command('outbox').description('the mail outbox');
  registerOutboxStatusCommand(outbox);
  outbox
    .command('flush')
    .description('send what is waiting in the outbox now')
    .action(() =>
      withApp(async (app) => {
        const { OutboxService } = await import('../../mail/outbox.service');
        console.log(sentSummary(await app.get(OutboxService).flush()));
      }),
    );
}

function sentSummary(flushed: FlushResult): string {
  const waiting = flushed.deferred + flushed.throttled;
  return (
    `${flushed.sent} emails sent, ${flushed.retrying} to retry, ${flushed.failed} failed, ${flushed.held} held` +
    (waiting ? `, ${waiting} waiting their turn` : '')
  );
}

/** Why a poll did nothing, and what to do about it. */
export function nothingDue(next: { url: string; nextPollAt: Date } | null, now: Date): string {
  if (!next) return 'no feed to poll: subscribe someone to one first (tidings subscribe EMAIL URL)';
  const minutes = Math.max(0, Math.ceil((next.nextPollAt.getTime() - now.getTime()) / 60_000));
  const wait = minutes >= 60 ? `${Math.floor(minutes / 60)} h ${minutes % 60} min` : `${minutes} min`;
  return (
    `no feed is due: the next is ${next.url} at ${next.nextPollAt.toISOString()} (in ${wait}); ` +
    '`tidings poll --all` polls every feed now'
  );
}
