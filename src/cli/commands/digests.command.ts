import { Command } from 'commander';
import { parseInstant, withApp } from '../cli-context';

export function registerDigestCommands(program: Command): void {
  program
    .command('digests')
    .description('digest emails')
    .command('send')
    .option('--at <iso>', 'treat this instant as now')
    .description('compose and send the digests due now (or at --at)')
    .action((options: { at?: string }) => {
      const at = parseInstant(options.at);
      return withApp(async (app) => {
        const [{ Clock }, { DigestService }, { OutboxService }] = await Promise.all([
          import('../../common/clock'),
          import('../../delivery/digest.service'),
          import('../../mail/outbox.service'),
        ]);
        const now = at ?? app.get(Clock).now();
        // Sent as each batch is composed, not after the last one.
        const { result: report, flushed } = await app
          .get(OutboxService)
          .flushAlong((kick) => app.get(DigestService).sendDue(now, { afterBatch: kick }));
        console.log(
          `${report.sent} digests composed (${report.empty} with nothing new), ` +
            `${flushed.sent} emails sent, ${flushed.retrying} to retry, ${flushed.failed} failed, ${flushed.held} held`,
        );
      });
    });
}
