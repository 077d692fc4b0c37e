import 'reflect-metadata';
import { Command, CommanderError } from 'commander';
import { cliOutput } from './cli-context';
import { registerDigestCommands } from './commands/digests.command';
import { registerBillingCommands } from './commands/billing.command';
import { registerContentCommands } from './content-commands';
import { registerDbCommands } from './commands/db.command';
import { registerFeedCommands } from './commands/feeds.command';
import { registerOpmlCommands } from './commands/opml.command';
import { registerPollCommands } from './commands/poll.command';
import { registerServerCommands } from './commands/server.command';
import { registerSubscriptionCommands } from './commands/subscriptions.command';
import { registerUserCommands } from './commands/users.command';

export function buildProgram(): Command {
  const program = new Command('tidings')
    .description('Tidings: feeds delivered by email')
    .option('--verbose', 'log at LOG_LEVEL on stderr (serve always does)')
    .hook('preAction', (root) => {
      cliOutput.verbose = Boolean(root.opts().verbose);
    })
    .exitOverride();
  registerServerCommands(program);
  registerUserCommands(program);
  registerSubscriptionCommands(program);
  registerFeedCommands(program);
  registerPollCommands(program);
  registerOpmlCommands(program);
  registerDigestCommands(program);
  registerBillingCommands(program);
  registerContentCommands(program);
  registerDbCommands(program);
  return program;
}

/** Every failure is one line on stderr and a non-zero exit; the stack only with --verbose or LOG_LEVEL=debug. */
export async function runCli(argv: string[]): Promise<void> {
  try {
    await buildProgram().parseAsync(argv);
  } catch (error) {
    if (error instanceof CommanderError) {
      process.exitCode = error.exitCode;
      return;
    }
    console.error(`error: ${(error as Error).message}`);
    if (cliOutput.verbose || process.env.LOG_LEVEL === 'debug') console.error((error as Error).stack);
    process.exitCode = 1;
  }
}

if (require.main === module) void runCli(process.argv);
