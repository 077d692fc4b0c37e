import { Command } from 'commander';
import type { OutboxStatus } from '../../mail/outbox.service';
import { printJson, withApp } from '../cli-context';

const DAY_MS = 24 * 60 * 60_000;

/** `tidings outbox status`: why mail is slow, read from the database (any process's rows). */
export function registerOutboxStatusCommand(outbox: Command): void {
  outbox
    .command('status')
    .option('--json', 'machine-readable output')
    .description('emails by state, the queue, the domains that wait and why, complaints')
    .action((options: { json?: boolean }) =>
      withApp(async (app) => {
        const [{ OutboxService }, { MailService }] = await Promise.all([
          import('../../mail/outbox.service'),
          import('../../mail/mail.service'),
        ]);
        const status = await app.get(OutboxService).status();
        const mail = app.get(MailService);
        const complaints = {
          total: await mail.countComplaints(),
          lastDay: await mail.countComplaints(new Date(Date.now() - DAY_MS)),
        };
        if (options.json) return printJson({ ...status, complaints });
        console.log(describe(status, complaints));
      }),
    );
}

function describe(status: OutboxStatus, complaints: { total: number; lastDay: number }): string {
  const count = (state: string) => status.byStatus[state] ?? 0;
  const { due, waiting, oldestCreatedAt } = status.pending;
  const oldest = oldestCreatedAt
    ? `; the oldest pending email was enqueued ${oldestCreatedAt.toISOString()}`
    : '';
  const lines = [
    `${count('sent')} sent, ${count('pending')} pending (${due} due now, ${waiting} waiting), ` +
      `${count('sending')} sending, ${count('failed')} failed, ${count('held')} held, ` +
      `${count('suppressed')} suppressed${oldest}`,
  ];
  if (status.waitingDomains.length) lines.push('waiting, by destination domain:');
  for (const domain of status.waitingDomains)
    lines.push(
      `  ${domain.domain}: ${domain.emails} from ${domain.nextAttemptAt.toISOString()}` +
        (domain.reason ? ` (${domain.reason})` : ''),
    );
  lines.push(`complaints: ${complaints.total} (${complaints.lastDay} in the last 24 hours)`);
  return lines.join('\n');
}
